import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../components/console-page.tsx';

export function OrdersPage() {
  const { t } = useTranslation('admin-billing');
  return <ConsolePage title={t('orders.title')}>{null}</ConsolePage>;
}
