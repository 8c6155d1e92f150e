import type { ComponentType, CSSProperties } from 'react';
import { AlipayCircleFilled, CreditCardOutlined, ExperimentOutlined, WechatFilled } from '@ant-design/icons';
import type { PaymentProviderName } from '@turing/contract';
import { useTranslation } from 'react-i18next';

/** Each provider's mark; WeChat green and Alipay blue colour the icon only, never text. */
const MARKS: Record<PaymentProviderName, { Icon: ComponentType<{ style?: CSSProperties }>; color?: string }> = {
  wechatpay: { Icon: WechatFilled, color: '#07C160' },
  alipay: { Icon: AlipayCircleFilled, color: '#1677FF' },
  stripe: { Icon: CreditCardOutlined },
  dev: { Icon: ExperimentOutlined },
};

/** A provider's icon, beside its name (which says it to assistive technology). */
export function ProviderIcon({ provider, size }: { provider: PaymentProviderName; size?: number }) {
  const { Icon, color } = MARKS[provider];
  return (
    <span className="billing-provider__icon" aria-hidden="true">
      <Icon style={{ color, fontSize: size }} />
    </span>
  );
}

/** A provider's icon and name: "WeChat Pay", "Card (Stripe)". */
export function ProviderMark({ provider, size }: { provider: PaymentProviderName; size?: number }) {
  const { t } = useTranslation('billing');
  return (
    <span className="billing-provider" data-provider={provider}>
      <ProviderIcon provider={provider} size={size} />
      <span>{t(`providers.${provider}`)}</span>
    </span>
  );
}
