import { Tag } from 'antd';
import type { TicketStatus } from '@turing/contract';
import { useTranslation } from 'react-i18next';

const COLOR: Record<TicketStatus, string> = { open: 'processing', answered: 'success', closed: 'default' };

export function StatusTag({ status }: { status: TicketStatus }) {
  const { t } = useTranslation('support');
  return (
    <Tag color={COLOR[status]} data-testid="ticket-status">
      {t(`status.${status}`)}
    </Tag>
  );
}
