import { Layout, Menu } from 'antd';
import {
  ApiOutlined,
  CustomerServiceOutlined,
  KeyOutlined,
  ReadOutlined,
  ShoppingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Link, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../shared/routes/paths.ts';
import './side-layout.css';

export function UserLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items = [
    { key: PATHS.profile, icon: <UserOutlined />, label: <Link to={PATHS.profile}>{t('routes.profile')}</Link> },
    { key: PATHS.product, icon: <ShoppingOutlined />, label: <Link to={PATHS.product}>{t('routes.product')}</Link> },
    {
      key: PATHS.support,
      icon: <CustomerServiceOutlined />,
      label: <Link to={PATHS.support}>{t('routes.support')}</Link>,
    },
    // For scripts and plugins that render without the browser: keys, webhooks and the reference.
    { key: PATHS.apiKeys, icon: <KeyOutlined />, label: <Link to={PATHS.apiKeys}>{t('routes.apiKeys')}</Link> },
    { key: PATHS.webhooks, icon: <ApiOutlined />, label: <Link to={PATHS.webhooks}>{t('routes.webhooks')}</Link> },
    {
      key: PATHS.developers,
      icon: <ReadOutlined />,
      label: <Link to={PATHS.developers}>{t('routes.developers')}</Link>,
    },
  ];
  return (
    <Layout className="side-layout">
      <Layout.Sider width={220} className="side-layout__sider" theme="light" breakpoint="lg" collapsedWidth={0}>
        <Menu mode="inline" selectedKeys={[pathname]} items={items} aria-label={t('routes.user')} />
      </Layout.Sider>
      {/* Not Layout.Content: that is a <main>, and the page already has one around it. */}
      <div className="side-layout__content">
        <Outlet />
      </div>
    </Layout>
  );
}
