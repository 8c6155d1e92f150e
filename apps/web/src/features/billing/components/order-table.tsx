import { Button, Card, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import type { Order } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast.ts';
import { useCancelOrder } from '../api/cancel-order.ts';
import { useOrders } from '../api/list-orders.ts';
import { usePayOrder } from '../api/pay-order.ts';
import { useGoToCheckout } from '../hooks/use-go-to-checkout.ts';
import { checkoutDevice } from '../lib/device.ts';
import { formatDateTime, formatMoney } from '../lib/format.ts';
import { OrderState } from './order-state.tsx';
import { ProviderMark } from './provider-mark.tsx';
import { TableScroll } from './table-scroll.tsx';

/** The user's orders, newest first, with "load more"; a pending one can be paid after all, or cancelled. */
export function OrderTable() {
  const { t, i18n } = useTranslation('billing');
  const orders = useOrders();
  const cancel = useCancelOrder();
  const pay = usePayOrder();
  const goToCheckout = useGoToCheckout();
  const rows = orders.data?.pages.flatMap((p) => p.items) ?? [];

  const columns: TableColumnsType<Order> = [
    { key: 'kind', title: t('orders.type'), render: (_, o) => t(`orders.kind.${o.kind}`) },
    { key: 'name', title: t('orders.name'), render: (_, o) => (i18n.language === 'zh' ? o.name.zh : o.name.en) },
    {
      key: 'price',
      title: t('orders.price'),
      align: 'right',
      render: (_, o) => formatMoney(o.amount, o.currency, i18n.language),
    },
    {
      key: 'state',
      title: t('orders.state'),
      render: (_, o) => <OrderState order={o} />,
    },
    { key: 'provider', title: t('orders.provider'), render: (_, o) => <ProviderMark provider={o.provider} /> },
    { key: 'pieces', title: t('orders.pieces'), dataIndex: 'pieces', align: 'right' },
    {
      key: 'period',
      title: t('orders.period'),
      render: (_, o) => (o.period ? t(`shop.period.${o.period}`) : t('none')),
    },
    { key: 'time', title: t('orders.time'), render: (_, o) => formatDateTime(o.createdAt, i18n.language) },
    {
      key: 'actions',
      title: t('orders.actions'),
      render: (_, o) =>
        o.state === 'pending' ? (
          <Space size={8}>
            <Button
              size="small"
              type="primary"
              // Ant Design spaces out a two-character Chinese label ("支 付"); the name must keep the visible word.
              autoInsertSpace={false}
              aria-label={t('orders.payLabel', { name: i18n.language === 'zh' ? o.name.zh : o.name.en })}
              loading={pay.isPending && pay.variables.id === o.id}
              onClick={() =>
                pay.mutate(
                  { id: o.id, device: checkoutDevice() },
                  { onSuccess: ({ order, checkoutUrl }) => goToCheckout(checkoutUrl, order.provider) },
                )
              }
              data-testid="order-pay"
            >
              {t('orders.pay')}
            </Button>
            <Popconfirm
              title={t('orders.cancelConfirm')}
              okText={t('orders.cancel')}
              onConfirm={() => cancel.mutate(o.id, { onSuccess: () => toast.success(t('orders.cancelled')) })}
            >
              <Button size="small" loading={cancel.isPending && cancel.variables === o.id}>
                {t('orders.cancel')}
              </Button>
            </Popconfirm>
          </Space>
        ) : null,
    },
  ];

  return (
    <Card title={<h2 className="billing__card-title">{t('orders.title')}</h2>}>
      <TableScroll label={t('orders.title')}>
        <Table<Order>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={orders.isPending}
          pagination={false}
          locale={{ emptyText: <span className="billing__empty">{t('orders.empty')}</span> }}
          data-testid="order-table"
        />
      </TableScroll>
      {orders.hasNextPage && (
        <div className="billing__more">
          <Button onClick={() => void orders.fetchNextPage()} loading={orders.isFetchingNextPage}>
            {t('more')}
          </Button>
        </div>
      )}
    </Card>
  );
}
