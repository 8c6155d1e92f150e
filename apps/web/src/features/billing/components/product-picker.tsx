import { useState } from 'react';
import { Alert, Button, Card, Empty, InputNumber, Radio, Segmented, Typography } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import {
  CNY_ONLY_PROVIDERS,
  CURRENCIES,
  LIMITS,
  type BillingAccount,
  type Currency,
  type PaymentProviderName,
  type Product,
} from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { useCreateOrder } from '../api/create-order.ts';
import { useGoToCheckout } from '../hooks/use-go-to-checkout.ts';
import { checkoutDevice, insideWechat } from '../lib/device.ts';
import { defaultCurrency, formatMoney } from '../lib/format.ts';
import { firstCurrency, providerChoices } from '../lib/providers.ts';
import { ProductOption } from './product-option.tsx';
import { ProviderChoice } from './provider-choice.tsx';

interface Props {
  products: Product[];
  account: BillingAccount | undefined;
  /** The product the studio suggested (`?product=`), selected at first. */
  suggestedId: string | null;
}

/** Currency, product, provider, pieces and Buy: creates the order and goes to its checkout. */
export function ProductPicker({ products, account, suggestedId }: Props) {
  const { t, i18n } = useTranslation('billing');
  const goToCheckout = useGoToCheckout();
  const create = useCreateOrder();
  const suggested = products.some((p) => p.id === suggestedId) ? suggestedId : null;
  const [selected, setSelected] = useState<string | null>(suggested ?? products[0]?.id ?? null);
  const [pieces, setPieces] = useState(1);
  const offered = account?.providers ?? [];
  const [chosenCurrency, setCurrency] = useState<Currency | null>(null);
  const currency = chosenCurrency ?? firstCurrency(defaultCurrency(i18n.language), offered);
  const product = products.find((p) => p.id === selected) ?? null;
  const choices = providerChoices(offered, currency, i18n.language);
  // A choice the currency no longer allows gives way to the first that fits (and returns with it).
  const [chosenProvider, setProvider] = useState<PaymentProviderName | null>(null);
  const provider = chosenProvider && choices.includes(chosenProvider) ? chosenProvider : (choices[0] ?? null);
  // WeChat's own browser cannot open either wallet's page: the buyer opens the page elsewhere first.
  const blocked = provider !== null && CNY_ONLY_PROVIDERS.includes(provider) && insideWechat();
  const money = (minor: number) => formatMoney(minor, currency, i18n.language);

  const buy = () => {
    if (!product || !provider) return;
    create.mutate(
      { productId: product.id, pieces, currency, provider, device: checkoutDevice() },
      {
        onSuccess: ({ order, checkoutUrl }) => goToCheckout(checkoutUrl, order.provider),
      },
    );
  };

  const group = (kind: Product['kind']) => {
    const list = products.filter((p) => p.kind === kind);
    if (!list.length) return null;
    return (
      <section className="billing-shop__group" aria-labelledby={`billing-${kind}`}>
        <h3 id={`billing-${kind}`} className="billing-shop__group-title">
          {kind === 'cubes' ? t('shop.packs') : t('shop.plans')}
        </h3>
        <div className="billing-shop__options">
          {list.map((p) => (
            <ProductOption key={p.id} product={p} currency={currency} suggested={p.id === suggested} />
          ))}
        </div>
      </section>
    );
  };

  return (
    <Card
      title={<h2 className="billing__card-title">{t('shop.title')}</h2>}
      extra={
        <Segmented
          aria-label={t('shop.currency')}
          value={currency}
          onChange={(v) => setCurrency(v as Currency)}
          options={CURRENCIES.map((c) => ({ value: c, label: c }))}
          data-testid="currency"
        />
      }
    >
      {account && !offered.length && (
        <Alert type="warning" showIcon title={t('shop.unavailable')} className="billing-shop__alert" />
      )}
      {offered.length > 0 && !choices.length && (
        <Alert type="info" showIcon title={t('shop.yuanOnly')} className="billing-shop__alert" />
      )}
      {blocked && <Alert type="warning" showIcon title={t('shop.openInBrowser')} className="billing-shop__alert" />}
      {!products.length ? (
        <Empty description={t('shop.empty')} />
      ) : (
        <Radio.Group
          value={selected}
          onChange={(e) => setSelected(e.target.value as string)}
          className="billing-shop__radios"
          name="billing-product"
          aria-label={t('shop.title')}
        >
          {group('cubes')}
          {group('plan')}
        </Radio.Group>
      )}
      <ProviderChoice choices={choices} value={provider} onChange={setProvider} />
      <div className="billing-shop__footer">
        <div className="billing-shop__pieces">
          <label htmlFor="billing-pieces">{t('shop.pieces')}</label>
          <InputNumber
            id="billing-pieces"
            min={1}
            max={LIMITS.orderPiecesMax}
            precision={0}
            value={pieces}
            onChange={(v) => setPieces(Math.min(LIMITS.orderPiecesMax, Math.max(1, Math.round(v ?? 1))))}
            data-testid="pieces"
          />
        </div>
        {product && (
          <div className="billing-shop__total" data-testid="order-total">
            <Typography.Text type="secondary">{t('shop.total')}</Typography.Text>{' '}
            <strong>{money(product.price[currency] * pieces)}</strong>
            <Typography.Text type="secondary" className="billing-shop__gives">
              {product.kind === 'cubes'
                ? t('shop.totalCubes', { count: product.cubes * pieces })
                : t('shop.totalPlan', { period: t(`shop.period.${product.period ?? 'day'}`), pieces })}
            </Typography.Text>
          </div>
        )}
        <Button
          type="primary"
          size="large"
          icon={<ShoppingCartOutlined />}
          disabled={!product || !provider || blocked}
          loading={create.isPending}
          onClick={buy}
          data-testid="buy"
        >
          {t('shop.buy')}
        </Button>
      </div>
    </Card>
  );
}
