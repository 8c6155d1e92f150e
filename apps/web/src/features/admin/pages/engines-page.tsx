import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../components/console-page.tsx';

export function EnginesPage() {
  const { t } = useTranslation('admin-engines');
  return <ConsolePage title={t('engines.title')}>{null}</ConsolePage>;
}
