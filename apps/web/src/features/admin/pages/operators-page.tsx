import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../components/console-page.tsx';

export function OperatorsPage() {
  const { t } = useTranslation('admin');
  return <ConsolePage title={t('operators.title')}>{null}</ConsolePage>;
}
