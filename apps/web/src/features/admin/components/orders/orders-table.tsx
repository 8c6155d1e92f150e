import { useState } from 'react';
import { Alert, Button, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { billingAdminEndpoints, type AdminOrder, type OrdersQuery } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { useOrdersSearch } from '../../api/search-orders.ts';
import { formatMoney, formatTime } from '../../lib/format.ts';
import { useCan } from '../../lib/use-can.ts';
import { orderLine } from './order-line.ts';
import { RefundDialog } from './refund-dialog.tsx';
import './orders.css';

const STATE_COLOURS: Record<AdminOrder['state'], string> = {
  pending: 'processing',
  paid: 'success',
  failed: 'error',
  cancelled: 'default',
  refunded: 'warning',
};

/** The orders the filter keeps, newest first, "load more" while pages remain; paid ones can be refunded. */
export function OrdersTable({ filter }: { filter: OrdersQuery }) {
  const { t, i18n } = useTranslation('admin-billing');
  const orders = useOrdersSearch(filter);
  const canRefund = useCan(billingAdminEndpoints.orderRefund.roles);
  const [refunding, setRefunding] = useState<AdminOrder | null>(null);
  const rows = orders.data?.pages.flatMap((p) => p.items) ?? [];
  const lang = i18n.language;

  const columns: TableColumnsType<AdminOrder> = [
    {
      key: 'created',
      title: t('orders.created'),
      render: (_, o) => (
        <Flex vertical gap={2}>
          <span className="billing-admin__number">{formatTime(o.createdAt, lang)}</span>
          <Typography.Text
            type="secondary"
            className="billing-admin__code"
            copyable={{ text: o.id, tooltips: [t('orders.copyId'), t('orders.copied')] }}
          >
            {o.id.slice(0, 8)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'user',
      title: t('orders.user'),
      render: (_, o) => (
        <Flex vertical gap={2}>
          <Typography.Text strong>{o.user.username}</Typography.Text>
          <Typography.Text type="secondary" className="billing-admin__code">
            {o.user.id.slice(0, 8)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'product',
      title: t('orders.product'),
      render: (_, o) => (
        <Flex vertical gap={2}>
          <span>{orderLine(t, o, lang)}</span>
          <Typography.Text type="secondary" className="billing-admin__code">
            {o.productId}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'amount',
      title: t('orders.amount'),
      align: 'right',
      render: (_, o) => <span className="billing-admin__number">{formatMoney(o.amount, o.currency, lang)}</span>,
    },
    { key: 'provider', title: t('orders.provider'), render: (_, o) => t(`orders.providers.${o.provider}`) },
    {
      key: 'state',
      title: t('orders.state'),
      render: (_, o) => (
        <Flex vertical gap={4} align="start">
          <span>
            <Tag color={STATE_COLOURS[o.state]}>{t(`orders.states.${o.state}`)}</Tag>
            {o.refund ? (
              <Tag color={o.refund === 'refused' ? 'error' : 'processing'}>{t(`orders.refunds.${o.refund}`)}</Tag>
            ) : null}
          </span>
          {o.refund === 'refused' && o.refundNote ? (
            <Typography.Text type="secondary" className="billing-admin__note">
              {o.refundNote}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'paid',
      title: t('orders.paid'),
      render: (_, o) => (
        <Flex vertical gap={2}>
          <span className="billing-admin__number">{o.paidAt ? formatTime(o.paidAt, lang) : '—'}</span>
          {o.refundedAt ? (
            <Typography.Text type="secondary" className="billing-admin__number">
              {t('orders.refundedAt', { time: formatTime(o.refundedAt, lang) })}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'actions',
      title: t('orders.actions'),
      render: (_, o) =>
        canRefund && o.state === 'paid' ? (
          <Button
            size="small"
            danger
            // Ant Design spaces out a two-character Chinese label; the name must keep the visible word.
            autoInsertSpace={false}
            aria-label={t('orders.refundLabel', { user: o.user.username, id: o.id.slice(0, 8) })}
            onClick={() => setRefunding(o)}
            data-testid="order-refund"
          >
            {t('orders.refund')}
          </Button>
        ) : null,
    },
  ];

  return (
    <Flex vertical gap={12}>
      {orders.isError ? <Alert type="error" showIcon title={orders.error.message} /> : null}
      <div className="billing-admin__scroll" role="region" aria-label={t('orders.list')} tabIndex={0}>
        <Table<AdminOrder>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={rows}
          loading={orders.isPending && !orders.isError}
          pagination={false}
          locale={{ emptyText: t('orders.empty') }}
          data-testid="orders-table"
        />
      </div>
      {orders.hasNextPage ? (
        <Flex justify="center">
          <Button onClick={() => void orders.fetchNextPage()} loading={orders.isFetchingNextPage}>
            {t('orders.more')}
          </Button>
        </Flex>
      ) : null}
      <RefundDialog order={refunding} onClose={() => setRefunding(null)} />
    </Flex>
  );
}
