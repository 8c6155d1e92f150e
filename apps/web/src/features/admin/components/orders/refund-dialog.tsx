import { useState } from 'react';
import { Alert, Button, Descriptions, Flex, Modal, Typography } from 'antd';
import type { AdminOrder } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/http/api-error.ts';
import { useRefundOrder } from '../../api/refund-order.ts';
import { formatMoney } from '../../lib/format.ts';
import { orderLine } from './order-line.ts';

type Grant = { cubes: number; planSeconds: number };

/** Cubes and plan time as a reader says them ("200 cubes", "7 days of plan time"). */
function useDescribeGrant() {
  const { t, i18n } = useTranslation('admin-billing');
  return (grant: Grant) => {
    const days = new Intl.NumberFormat(i18n.language === 'zh' ? 'zh-CN' : 'en-US', {
      maximumFractionDigits: 1,
    }).format(grant.planSeconds / 86_400);
    const parts = [
      grant.cubes ? t('refund.cubes', { count: grant.cubes }) : null,
      grant.planSeconds ? t('refund.planDays', { days }) : null,
    ].filter(Boolean);
    return parts.length ? parts.join(t('refund.and')) : t('refund.nothing');
  };
}

/**
 * Refunding one order: first what it pays back and takes back, then the provider's answer —
 * refunded, pending at the provider, or refused with its reason.
 */
export function RefundDialog({ order, onClose }: { order: AdminOrder | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('admin-billing');
  const refund = useRefundOrder();
  const describe = useDescribeGrant();
  // Kept while the dialog closes, so its content does not vanish mid-animation.
  const [shown, setShown] = useState<AdminOrder | null>(order);
  if (order && order !== shown) setShown(order);
  const close = () => {
    refund.reset();
    onClose();
  };
  if (!shown) return null;
  const o = shown;
  const lang = i18n.language;
  const amount = formatMoney(o.amount, o.currency, lang);
  const provider = t(`orders.providers.${o.provider}`);
  const answered = refund.isSuccess || refund.isError;
  const result = refund.data;

  const footer = answered ? (
    <Button type="primary" onClick={close}>
      {t('refund.close')}
    </Button>
  ) : (
    <Flex gap={8} justify="end">
      <Button onClick={close} disabled={refund.isPending}>
        {t('refund.cancel')}
      </Button>
      <Button type="primary" loading={refund.isPending} onClick={() => refund.mutate(o.id)}>
        {t('refund.confirm', { amount })}
      </Button>
    </Flex>
  );

  return (
    <Modal open={order !== null} title={t('refund.title')} onCancel={close} footer={footer} destroyOnHidden>
      <Flex vertical gap={16}>
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label={t('refund.buyer')}>{o.user.username}</Descriptions.Item>
          <Descriptions.Item label={t('orders.product')}>{orderLine(t, o, lang)}</Descriptions.Item>
          <Descriptions.Item label={t('refund.paysBack')}>
            {o.provider === 'dev'
              ? t('refund.devPaysBack', { amount })
              : t('refund.providerPaysBack', { amount, provider })}
          </Descriptions.Item>
          <Descriptions.Item label={t('refund.takesBack')}>
            {describe({ cubes: o.cubes, planSeconds: o.planSeconds })}
          </Descriptions.Item>
        </Descriptions>
        {!answered ? (
          <>
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {t('refund.debtNote')}
            </Typography.Paragraph>
            {o.refund === 'processing' ? (
              <Alert type="info" showIcon title={t('refund.underWay', { provider })} />
            ) : null}
            {o.refund === 'refused' ? (
              <Alert
                type="warning"
                showIcon
                title={t('refund.refusedBefore', { provider })}
                description={o.refundNote}
              />
            ) : null}
          </>
        ) : null}
        {result && result.pending ? (
          <Alert
            type="info"
            showIcon
            title={t('refund.pendingTitle', { provider })}
            description={t('refund.pendingText', { provider })}
            data-testid="refund-outcome"
          />
        ) : null}
        {result && !result.pending ? (
          <Alert
            type="success"
            showIcon
            title={t('refund.doneTitle')}
            data-testid="refund-outcome"
            description={
              <Flex vertical gap={4}>
                <span>
                  {result.providerRefunded ? t('refund.paidBack', { amount, provider }) : t('refund.devPaidBack')}
                </span>
                <span>{t('refund.taken', { what: describe(result.taken) })}</span>
                {result.owed.cubes || result.owed.planSeconds ? (
                  <span>{t('refund.owed', { what: describe(result.owed) })}</span>
                ) : null}
                <span>{t('refund.balance', { cubes: result.cubes, debt: result.debt })}</span>
              </Flex>
            }
          />
        ) : null}
        {refund.isError ? (
          <Alert
            type="error"
            showIcon
            data-testid="refund-outcome"
            title={
              refund.error instanceof ApiError && refund.error.code === 'PAYMENT_REFUND_REFUSED'
                ? t('refund.refusedTitle', { provider })
                : t('refund.failedTitle')
            }
            description={refund.error.message}
          />
        ) : null}
      </Flex>
    </Modal>
  );
}
