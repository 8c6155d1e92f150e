import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../components/console-page.tsx';

export function AuditPage() {
  const { t } = useTranslation('admin');
  return <ConsolePage title={t('audit.title')}>{null}</ConsolePage>;
}
