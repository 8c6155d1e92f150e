import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../shared/ui/page-frame.tsx';

export function SupportPage() {
  const { t } = useTranslation();
  return <PageFrame title={t('routes.support')} />;
}
