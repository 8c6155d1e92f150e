import { Tag, Typography } from 'antd';
import type { Order, OrderState as State } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/format.ts';

const STATE_COLOR: Record<State, string> = {
  pending: 'processing',
  paid: 'success',
  failed: 'error',
  cancelled: 'default',
  refunded: 'warning',
};

/**
 * An order's state, a refund the provider has not settled yet, and until when a pending one can be
 * paid. The provider's reason for refusing a refund is the operator's to read, not the buyer's.
 */
export function OrderState({ order }: { order: Order }) {
  const { t, i18n } = useTranslation('billing');
  return (
    <div className="billing-order-state">
      <Tag color={STATE_COLOR[order.state]} data-testid="order-state">
        {t(`orders.states.${order.state}`)}
      </Tag>
      {order.refund === 'processing' && (
        <Tag color="processing" data-testid="order-refund">
          {t('orders.refundProcessing')}
        </Tag>
      )}
      {order.refund === 'refused' && (
        <Tag color="error" data-testid="order-refund">
          {t('orders.refundRefused')}
        </Tag>
      )}
      {order.state === 'pending' && order.expiresAt && (
        <Typography.Text type="secondary" className="billing-order-state__note">
          {t('orders.payBy', { time: formatDateTime(order.expiresAt, i18n.language) })}
        </Typography.Text>
      )}
    </div>
  );
}
