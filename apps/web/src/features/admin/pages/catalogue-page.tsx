import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../components/console-page.tsx';

export function CataloguePage() {
  const { t } = useTranslation('admin-billing');
  return <ConsolePage title={t('catalogue.title')}>{null}</ConsolePage>;
}
