import { Alert, Button, Descriptions, Modal, Skeleton, Space, Tag } from 'antd';
import { ExperimentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useDevConfirm, type DevOutcome } from '../api/dev-confirm.ts';
import { useOrder } from '../api/get-order.ts';
import { formatMoney } from '../lib/format.ts';

interface Props {
  /** The order the development provider is asked to settle (`?pay=`). */
  orderId: string | null;
  /** Settled (or not payable any more): the page shows the outcome as after a real provider. */
  onDone(orderId: string): void;
  onClose(): void;
}

/**
 * The development payment provider's confirm page: no money moves, the tester decides whether the
 * payment succeeds, fails or is abandoned.
 */
export function DevCheckoutModal({ orderId, onDone, onClose }: Props) {
  const { t, i18n } = useTranslation('billing');
  const { data: order, error } = useOrder(orderId);
  const confirm = useDevConfirm();
  const settle = (outcome: DevOutcome) =>
    orderId && confirm.mutate({ id: orderId, outcome }, { onSuccess: (o) => onDone(o.id) });
  const pending = order?.state === 'pending';

  return (
    <Modal
      open={Boolean(orderId)}
      title={
        <Space>
          <ExperimentOutlined aria-hidden="true" />
          {t('dev.title')}
        </Space>
      }
      onCancel={onClose}
      footer={
        pending ? (
          <Space wrap>
            <Button onClick={() => settle('cancelled')} disabled={confirm.isPending}>
              {t('dev.cancel')}
            </Button>
            <Button danger onClick={() => settle('failed')} disabled={confirm.isPending}>
              {t('dev.fail')}
            </Button>
            <Button type="primary" onClick={() => settle('paid')} loading={confirm.isPending}>
              {t('dev.pay')}
            </Button>
          </Space>
        ) : null
      }
      data-testid="dev-checkout"
    >
      <Alert type="info" showIcon title={t('dev.notice')} className="billing-dev__notice" />
      {error ? (
        <Alert type="error" showIcon title={error.message} />
      ) : !order ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('dev.product')}>
              {i18n.language === 'zh' ? order.name.zh : order.name.en} × {order.pieces}
            </Descriptions.Item>
            <Descriptions.Item label={t('dev.amount')}>
              <strong>{formatMoney(order.amount, order.currency, i18n.language)}</strong>
            </Descriptions.Item>
            <Descriptions.Item label={t('dev.order')}>
              <Tag>{order.id.slice(0, 8)}</Tag>
            </Descriptions.Item>
          </Descriptions>
          {!pending && <Alert type="warning" showIcon title={t('dev.notPending')} className="billing-dev__notice" />}
        </>
      )}
    </Modal>
  );
}
