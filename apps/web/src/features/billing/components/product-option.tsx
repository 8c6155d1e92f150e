import { Radio, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Currency, Product } from '@turing/contract';
import { formatMoney } from '../lib/format.ts';

/** One product as a selectable card: its name, what it gives and the price of one (a cube pack's per pack). */
export function ProductOption({
  product,
  currency,
  suggested,
}: {
  product: Product;
  currency: Currency;
  suggested: boolean;
}) {
  const { t, i18n } = useTranslation('billing');
  const name = i18n.language === 'zh' ? product.name.zh : product.name.en;
  return (
    <Radio value={product.id} className="billing-product" data-testid={`product-${product.id}`}>
      <span className="billing-product__name">{name}</span>
      <Typography.Text type="secondary" className="billing-product__detail">
        {product.kind === 'cubes' ? t('shop.packDetail') : t(`shop.period.${product.period ?? 'day'}`)}
      </Typography.Text>
      <span className="billing-product__price">
        {t(product.kind === 'cubes' ? 'shop.perPack' : 'shop.perPiece', {
          price: formatMoney(product.price[currency], currency, i18n.language),
        })}
      </span>
      {suggested && (
        <Tag color="blue" className="billing-product__suggested">
          {t('shop.suggested')}
        </Tag>
      )}
    </Radio>
  );
}
