import { Layout, Menu } from 'antd';
import { Link, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { roleAllows } from '@turing/contract';
import { useOperatorMe } from '../api/get-operator-me.ts';
import { CONSOLE_PAGES, consolePath } from '../lib/console-pages.ts';

export function ConsoleLayout() {
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();
  const { data: me } = useOperatorMe();
  if (!me) return null;
  const items = CONSOLE_PAGES.filter((p) => roleAllows(me.role, p.roles)).map((p) => ({
    key: consolePath(p.key),
    label: <Link to={consolePath(p.key)}>{t(`menu.${p.key}`)}</Link>,
  }));
  return (
    <Layout className="console-layout">
      <Layout.Sider width={208} theme="light">
        <Menu mode="inline" selectedKeys={[pathname]} items={items} aria-label={t('menu.label')} />
      </Layout.Sider>
      <div className="console-layout__content">
        <Outlet />
      </div>
    </Layout>
  );
}
