import { App, Button, Drawer, Flex, Popconfirm, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCloseAdminTicket } from '../../api/close-admin-ticket.ts';
import { useAdminTicket } from '../../api/get-admin-ticket.ts';
import { StaffReply } from './staff-reply.tsx';
import { TicketThread } from './ticket-thread.tsx';
import './tickets.css';

/** One ticket opened from the inbox: its conversation, the answer box and the close button. */
export function TicketPanel({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation('admin-support');
  const { message } = App.useApp();
  const ticket = useAdminTicket(id);
  const close = useCloseAdminTicket();
  const data = ticket.data;

  const closeButton =
    data && data.status !== 'closed' ? (
      <Popconfirm
        title={t('tickets.close.confirm')}
        okText={t('tickets.close.ok')}
        cancelText={t('tickets.close.cancel')}
        onConfirm={() =>
          close.mutateAsync(data.id).then(
            () => void message.success(t('tickets.close.done')),
            () => undefined,
          )
        }
      >
        <Button loading={close.isPending}>{t('tickets.close.button')}</Button>
      </Popconfirm>
    ) : null;

  let body;
  if (ticket.isError)
    body = <Result status="warning" subTitle={ticket.error.message || t('tickets.thread.loadFailed')} />;
  else if (!data) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else
    body = (
      <Flex vertical gap={24}>
        <TicketThread ticket={data} />
        <StaffReply key={data.id} ticketId={data.id} />
      </Flex>
    );

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={640}
      title={data?.subject ?? t('tickets.thread.title')}
      extra={closeButton}
      destroyOnHidden
    >
      {body}
    </Drawer>
  );
}
