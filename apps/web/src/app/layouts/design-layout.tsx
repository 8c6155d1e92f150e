import { Layout, Menu } from 'antd';
import { EditOutlined, FontSizeOutlined, SyncOutlined } from '@ant-design/icons';
import { Link, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../shared/routes/paths.ts';
import './side-layout.css';

export function DesignLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items = [
    {
      key: PATHS.iterationRendering,
      icon: <SyncOutlined />,
      label: <Link to={PATHS.iterationRendering}>{t('routes.iterationRendering')}</Link>,
    },
    {
      key: PATHS.textGenerate,
      icon: <FontSizeOutlined />,
      label: <Link to={PATHS.textGenerate}>{t('routes.textGenerate')}</Link>,
    },
    {
      key: PATHS.stepEditing,
      icon: <EditOutlined />,
      label: <Link to={PATHS.stepEditing}>{t('routes.stepEditing')}</Link>,
    },
  ];
  return (
    <Layout className="side-layout">
      <Layout.Sider width={220} className="side-layout__sider" theme="light" breakpoint="lg" collapsedWidth={0}>
        <Menu mode="inline" selectedKeys={[pathname]} items={items} aria-label={t('routes.design')} />
      </Layout.Sider>
      {/* Not Layout.Content: that is a <main>, and the page already has one around it. */}
      <div className="side-layout__content">
        <Outlet />
      </div>
    </Layout>
  );
}
