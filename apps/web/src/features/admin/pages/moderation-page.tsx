import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../components/console-page.tsx';

export function ModerationPage() {
  const { t } = useTranslation('admin-moderation');
  return <ConsolePage title={t('moderation.title')}>{null}</ConsolePage>;
}
