import { Radio } from 'antd';
import type { PaymentProviderName } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { ProviderMark } from './provider-mark.tsx';

interface Props {
  /** The providers that fit the chosen currency, in the order shown. */
  choices: PaymentProviderName[];
  value: PaymentProviderName | null;
  onChange(provider: PaymentProviderName): void;
}

/** How to pay: a choice when several providers fit, otherwise the one that will charge. */
export function ProviderChoice({ choices, value, onChange }: Props) {
  const { t } = useTranslation('billing');
  if (!choices.length) return null;
  return (
    <section className="billing-shop__group billing-shop__providers" aria-labelledby="billing-provider">
      <h3 id="billing-provider" className="billing-shop__group-title">
        {t('shop.provider')}
      </h3>
      {choices.length === 1 ? (
        <div className="billing-provider-only" data-testid="provider-only">
          <ProviderMark provider={choices[0]!} size={20} />
        </div>
      ) : (
        <Radio.Group
          value={value}
          onChange={(e) => onChange(e.target.value as PaymentProviderName)}
          name="billing-provider"
          aria-labelledby="billing-provider"
          className="billing-provider-options"
          data-testid="provider-choice"
        >
          {choices.map((p) => (
            <Radio key={p} value={p} className="billing-provider-option" data-testid={`provider-${p}`}>
              <ProviderMark provider={p} size={20} />
            </Radio>
          ))}
        </Radio.Group>
      )}
    </section>
  );
}
