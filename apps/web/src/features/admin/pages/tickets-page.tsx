import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../components/console-page.tsx';

export function TicketsPage() {
  const { t } = useTranslation('admin-support');
  return <ConsolePage title={t('tickets.title')}>{null}</ConsolePage>;
}
