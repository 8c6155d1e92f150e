import { useTranslation } from 'react-i18next';
import { PAYMENT_PROVIDERS } from '@turing/contract';

/** A payment provider's name in the operator's language (an unknown one as the server names it). */
export function useProviderName() {
  const { t } = useTranslation('admin-dashboard');
  return (provider: string) =>
    (PAYMENT_PROVIDERS as readonly string[]).includes(provider) ? t(`providers.${provider}`) : provider;
}
