import { Tag } from 'antd';
import type { TicketStatus } from '@turing/contract';
import { useTranslation } from 'react-i18next';

// Open waits for support: the colour that asks for attention.
const COLOR: Record<TicketStatus, string> = { open: 'warning', answered: 'success', closed: 'default' };

export function TicketStatusTag({ status }: { status: TicketStatus }) {
  const { t } = useTranslation('admin-support');
  return <Tag color={COLOR[status]}>{t(`tickets.status.${status}`)}</Tag>;
}
