import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../components/console-page.tsx';
import { HiddenWorks } from '../components/moderation/hidden-works.tsx';
import { ModerationQueue } from '../components/moderation/moderation-queue.tsx';
import '../components/moderation/moderation.css';

export function ModerationPage() {
  const { t } = useTranslation('admin-moderation');
  return (
    <ConsolePage title={t('moderation.title')}>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'queue', label: t('moderation.tabs.queue'), children: <ModerationQueue /> },
          { key: 'hidden', label: t('moderation.tabs.hidden'), children: <HiddenWorks /> },
        ]}
      />
    </ConsolePage>
  );
}
