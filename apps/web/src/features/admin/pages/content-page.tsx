import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../components/console-page.tsx';

export function ContentPage() {
  const { t } = useTranslation('admin-content');
  return <ConsolePage title={t('content.title')}>{null}</ConsolePage>;
}
