import { useTranslation } from 'react-i18next';
import { useClientConfig } from '../shared/api/get-client-config.ts';
import './test-payments-ribbon.css';

/**
 * While the server offers the development payment provider, every page says so: purchases there
 * cost nothing, which a visitor must never mistake for the real shop.
 */
export function TestPaymentsRibbon() {
  const { t } = useTranslation();
  const testPayments = useClientConfig().data?.testPayments ?? false;
  if (!testPayments) return null;
  return (
    <aside className="test-payments-ribbon" aria-label={t('testPayments.label')} data-testid="test-payments-ribbon">
      <strong>{t('testPayments.title')}</strong> {t('testPayments.body')}
    </aside>
  );
}
