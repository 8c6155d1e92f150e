import { Tag, type TableColumnsType } from 'antd';
import type { Order } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { useUserOrders } from '../../api/list-user-orders.ts';
import { formatMoney, formatTime } from '../../lib/format.ts';
import { PagedTable } from './paged-table.tsx';

const STATE_COLOURS: Record<Order['state'], string> = {
  pending: 'processing',
  paid: 'success',
  failed: 'error',
  cancelled: 'default',
  refunded: 'warning',
};

/** The account's orders, newest first (finance and support). */
export function UserOrdersTable({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation('admin-users');
  const orders = useUserOrders(userId);
  const columns: TableColumnsType<Order> = [
    { key: 'time', title: t('users.orders.time'), render: (_, o) => formatTime(o.createdAt, i18n.language) },
    {
      key: 'product',
      title: t('users.orders.product'),
      render: (_, o) => (i18n.language === 'zh' ? o.name.zh : o.name.en),
    },
    { key: 'pieces', title: t('users.orders.pieces'), dataIndex: 'pieces', align: 'right' },
    {
      key: 'amount',
      title: t('users.orders.amount'),
      align: 'right',
      render: (_, o) => <span className="admin-users__number">{formatMoney(o.amount, o.currency, i18n.language)}</span>,
    },
    {
      key: 'state',
      title: t('users.orders.state'),
      render: (_, o) => (
        <>
          <Tag color={STATE_COLOURS[o.state]}>{t(`users.orders.states.${o.state}`)}</Tag>
          {o.refund === 'processing' ? <Tag>{t('users.orders.refundProcessing')}</Tag> : null}
          {o.refund === 'refused' ? <Tag color="error">{t('users.orders.refundRefused')}</Tag> : null}
        </>
      ),
    },
    { key: 'provider', title: t('users.orders.provider'), render: (_, o) => t(`users.orders.providers.${o.provider}`) },
  ];
  return (
    <PagedTable<Order>
      label={t('users.tabs.orders')}
      query={orders}
      columns={columns}
      empty={t('users.orders.empty')}
      testId="user-orders"
    />
  );
}
