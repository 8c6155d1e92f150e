import { Button } from 'antd';
import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSettingsStore } from '../settings/settings-store.ts';

/** Theme and language switches, both remembered across visits. */
export function SettingsSwitch() {
  const { t } = useTranslation();
  const theme = useSettingsStore((s) => s.theme);
  const toggleTheme = useSettingsStore((s) => s.toggleTheme);
  const locale = useSettingsStore((s) => s.locale);
  const setLocale = useSettingsStore((s) => s.setLocale);
  const themeLabel = theme === 'dark' ? t('settings.toLight') : t('settings.toDark');
  return (
    <>
      <Button
        type="text"
        title={themeLabel}
        aria-label={themeLabel}
        data-testid="theme-toggle"
        icon={theme === 'dark' ? <SunOutlined /> : <MoonOutlined />}
        onClick={toggleTheme}
      />
      <Button
        type="text"
        title={t('settings.toLanguage')}
        aria-label={t('settings.toLanguage')}
        data-testid="locale-toggle"
        onClick={() => setLocale(locale === 'en' ? 'zh' : 'en')}
      >
        {locale === 'en' ? '中' : 'En'}
      </Button>
    </>
  );
}
