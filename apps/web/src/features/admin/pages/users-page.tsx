import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../components/console-page.tsx';

export function UsersPage() {
  const { t } = useTranslation('admin-users');
  return <ConsolePage title={t('users.title')}>{null}</ConsolePage>;
}
