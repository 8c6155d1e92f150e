import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast.ts';
import { useCancelOrder } from '../api/cancel-order.ts';
import { useCreateOrder } from '../api/create-order.ts';
import { useGoToCheckout } from '../hooks/use-go-to-checkout.ts';
import { useScanOrder } from '../hooks/use-scan-order.ts';
import { checkoutDevice } from '../lib/device.ts';
import { ProviderIcon } from './provider-mark.tsx';
import { ScanBody } from './scan-body.tsx';

interface Props {
  /** The WeChat Pay order whose QR code is shown (`?scan=`). */
  orderId: string | null;
  /** Paid: the page announces it as after any provider. */
  onPaid(orderId: string): void;
  /** Closed: the order stays pending, payable later from the order history. */
  onClose(): void;
}

/**
 * WeChat Pay on a desktop: the order's code as a QR code to scan with the WeChat app, the time
 * left to pay and the payment's state, read again every 2 s until it is paid or closed.
 */
export function WechatPayModal({ orderId, onPaid, onClose }: Props) {
  const { t } = useTranslation('billing');
  // The last order shown stays in the dialog while it fades out.
  const [shownId, setShownId] = useState(orderId);
  if (orderId && orderId !== shownId) setShownId(orderId);
  const open = Boolean(orderId);
  const scan = useScanOrder(orderId ?? shownId, open);
  const { order, status } = scan;
  const cancel = useCancelOrder();
  const again = useCreateOrder();
  const goToCheckout = useGoToCheckout();

  const paidRef = useRef(onPaid);
  useEffect(() => {
    paidRef.current = onPaid;
  });
  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (!open || status !== 'paid' || !order || announced.current === order.id) return;
    announced.current = order.id;
    paidRef.current(order.id);
  }, [open, status, order]);

  const cancelOrder = () =>
    order &&
    cancel.mutate(order.id, {
      onSuccess: () => {
        toast.success(t('orders.cancelled'));
        onClose();
      },
    });
  const buyAgain = () =>
    order &&
    again.mutate(
      {
        productId: order.productId,
        pieces: order.pieces,
        currency: 'CNY',
        provider: 'wechatpay',
        device: checkoutDevice(),
      },
      { onSuccess: (created) => goToCheckout(created.checkoutUrl, created.order.provider) },
    );
  // Buy again only once the server says the order is over: the browser's clock alone could be
  // ahead of an order that is still payable, and a second order would then be paid twice.
  const settled = order !== undefined && order.state !== 'pending';

  return (
    <Modal
      open={open}
      title={
        <Space>
          <ProviderIcon provider="wechatpay" />
          {t('scan.title')}
        </Space>
      }
      onCancel={onClose}
      width={440}
      footer={
        <Space wrap className="billing-scan__actions">
          {status === 'waiting' && (
            <Button danger onClick={cancelOrder} loading={cancel.isPending} data-testid="scan-cancel">
              {t('scan.cancel')}
            </Button>
          )}
          {settled && status !== 'paid' && (
            <Button onClick={buyAgain} loading={again.isPending} data-testid="scan-again">
              {t('scan.again')}
            </Button>
          )}
          {/* Ant Design spaces out a two-character Chinese label ("关 闭"); the name must keep the word. */}
          <Button type="primary" autoInsertSpace={false} onClick={onClose} data-testid="scan-close">
            {t('scan.close')}
          </Button>
        </Space>
      }
      data-testid="wechat-pay"
    >
      {scan.error && <Alert type="error" showIcon title={scan.error.message} className="billing-scan__error" />}
      {!(scan.error && !order) && <ScanBody {...scan} />}
    </Modal>
  );
}
