import type { ReactNode } from 'react';
import { QRCode, Skeleton, Typography } from 'antd';
import {
  CheckCircleFilled,
  ClockCircleOutlined,
  CloseCircleFilled,
  LoadingOutlined,
  StopOutlined,
} from '@ant-design/icons';
import type { Order } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import type { ScanStatus } from '../hooks/use-scan-order.ts';
import { formatCountdown, formatMoney } from '../lib/format.ts';

const QR_SIZE = 200;

const STATUS_ICON: Record<ScanStatus, ReactNode> = {
  loading: <LoadingOutlined />,
  waiting: <LoadingOutlined />,
  paid: <CheckCircleFilled className="billing-scan__icon--ok" />,
  failed: <CloseCircleFilled className="billing-scan__icon--bad" />,
  cancelled: <StopOutlined />,
  refunded: <StopOutlined />,
  expired: <ClockCircleOutlined />,
};

interface Props {
  order: Order | undefined;
  payCode: string | null;
  secondsLeft: number | null;
  status: ScanStatus;
}

/** Where the payment stands, announced as it changes. */
function StatusLine({ status }: { status: ScanStatus }) {
  const { t } = useTranslation('billing');
  return (
    <p role="status" className="billing-scan__status" data-testid="scan-status">
      <span aria-hidden="true">{STATUS_ICON[status]}</span> {t(`scan.status.${status}`)}
    </p>
  );
}

/** What the WeChat Pay dialog shows: the order, its QR code, the time left and where it stands. */
export function ScanBody({ order, payCode, secondsLeft, status }: Props) {
  const { t, i18n } = useTranslation('billing');
  if (!order) {
    return (
      <div className="billing-scan">
        <Skeleton active paragraph={{ rows: 4 }} />
        <StatusLine status={status} />
      </div>
    );
  }
  const amount = formatMoney(order.amount, order.currency, i18n.language);
  const waiting = status === 'waiting';
  return (
    <div className="billing-scan">
      <div className="billing-scan__summary">
        <Typography.Text type="secondary">
          {i18n.language === 'zh' ? order.name.zh : order.name.en} × {order.pieces}
        </Typography.Text>
        <strong className="billing-scan__amount" data-testid="scan-amount">
          {amount}
        </strong>
      </div>
      {waiting && (
        <div className="billing-scan__code">
          {payCode ? (
            <QRCode
              type="svg"
              value={payCode}
              size={QR_SIZE}
              // Scanners want dark on light, whatever the theme.
              color="#000000"
              bgColor="#ffffff"
              role="img"
              aria-label={t('scan.qrLabel', { amount })}
              data-testid="scan-qr"
            />
          ) : (
            <Skeleton.Node active style={{ width: QR_SIZE, height: QR_SIZE }} />
          )}
          <Typography.Text strong>{t('scan.instructions')}</Typography.Text>
          {secondsLeft !== null && (
            <Typography.Text type="secondary" role="timer" data-testid="scan-time-left">
              {t('scan.timeLeft', { time: formatCountdown(secondsLeft) })}
            </Typography.Text>
          )}
        </div>
      )}
      <StatusLine status={status} />
      {waiting && (
        <Typography.Text type="secondary" className="billing-scan__hint">
          {t('scan.closeHint')}
        </Typography.Text>
      )}
    </div>
  );
}
