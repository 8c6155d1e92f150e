import { useEffect } from 'react';
import { Drawer, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTicket } from '../api/get-ticket.ts';
import { useMarkTicketRead } from '../api/mark-ticket-read.ts';
import { TicketConversation } from './ticket-conversation.tsx';

export function TicketDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation('support');
  const ticket = useTicket(id);
  const { mutate: markRead } = useMarkTicketRead();
  // Shown to the user, so read: once per opening of an unread ticket (a failure leaves it unread).
  const unreadId = ticket.data?.unread ? ticket.data.id : null;
  useEffect(() => {
    if (unreadId) markRead(unreadId);
  }, [unreadId, markRead]);

  let body;
  if (ticket.isError)
    body = <Result status="warning" subTitle={ticket.error.message || t('conversation.loadFailed')} />;
  else if (!ticket.data) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else body = <TicketConversation ticket={ticket.data} />;

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={600}
      title={ticket.data?.subject ?? t('conversation.title')}
      destroyOnHidden
    >
      {body}
    </Drawer>
  );
}
