import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../components/console-page.tsx';

export function DashboardPage() {
  const { t } = useTranslation('admin-dashboard');
  return <ConsolePage title={t('dashboard.title')}>{null}</ConsolePage>;
}
