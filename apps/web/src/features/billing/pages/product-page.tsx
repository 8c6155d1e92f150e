import { Alert, Skeleton, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../api/get-account.ts';
import { useProducts } from '../api/list-products.ts';
import { BalanceCard } from '../components/balance-card.tsx';
import { DevCheckoutModal } from '../components/dev-checkout-modal.tsx';
import { LedgerTable } from '../components/ledger-table.tsx';
import { OrderTable } from '../components/order-table.tsx';
import { ProductPicker } from '../components/product-picker.tsx';
import { WechatPayModal } from '../components/wechat-pay-modal.tsx';
import { useOrderReturn } from '../hooks/use-order-return.ts';
import { returnedOrderId } from '../lib/checkout.ts';
import '../components/billing.css';

/**
 * Product services. The address carries the purchase journey: `?product=` preselects (from the
 * studio), `?pay=` is the development provider's confirm step, `?scan=` WeChat Pay's QR code on a
 * desktop, `?order=` is the return from a provider.
 */
export function ProductPage() {
  const { t } = useTranslation('billing');
  const [params, setParams] = useSearchParams();
  const account = useAccount();
  const products = useProducts();
  const payId = params.get('pay');
  const returnId = returnedOrderId(params.get('order'));
  const { waiting } = useOrderReturn(returnId, () => setParams({}, { replace: true }));

  return (
    <section className="billing">
      <header>
        <Typography.Title level={1} style={{ fontSize: 'var(--ant-font-size-heading-2)' }}>
          {t('title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      </header>
      {waiting && <Alert type="info" showIcon title={t('result.waiting')} data-testid="order-waiting" />}
      <BalanceCard account={account.data} />
      {products.error ? (
        <Alert type="error" showIcon title={products.error.message} />
      ) : !products.data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <ProductPicker products={products.data} account={account.data} suggestedId={params.get('product')} />
      )}
      <OrderTable />
      <LedgerTable />
      <DevCheckoutModal
        orderId={payId}
        onDone={(id) => setParams({ order: id }, { replace: true })}
        onClose={() => setParams({}, { replace: true })}
      />
      <WechatPayModal
        orderId={params.get('scan')}
        onPaid={(id) => setParams({ order: id }, { replace: true })}
        onClose={() => setParams({}, { replace: true })}
      />
    </section>
  );
}
