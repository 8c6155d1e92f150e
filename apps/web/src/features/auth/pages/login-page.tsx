import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../shared/ui/page-frame.tsx';

export function LoginPage() {
  const { t } = useTranslation();
  return <PageFrame title={t('routes.login')} />;
}
