import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../components/console-page.tsx';

export function CodesPage() {
  const { t } = useTranslation('admin-billing');
  return <ConsolePage title={t('codes.title')}>{null}</ConsolePage>;
}
