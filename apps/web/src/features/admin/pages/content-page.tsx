import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../components/console-page.tsx';
import { BannersTab } from '../components/content/banners-tab.tsx';
import { PresetsTab } from '../components/content/presets-tab.tsx';
import '../components/content/content.css';

/** Community banners and the pictures of the studio's presets (moderators and owners). */
export function ContentPage() {
  const { t } = useTranslation('admin-content');
  return (
    <ConsolePage title={t('content.title')}>
      <Tabs
        items={[
          { key: 'banners', label: t('content.banners'), children: <BannersTab /> },
          { key: 'presets', label: t('content.presets'), children: <PresetsTab /> },
        ]}
      />
    </ConsolePage>
  );
}
