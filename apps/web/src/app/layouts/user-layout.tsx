import {
  ApiOutlined,
  CustomerServiceOutlined,
  KeyOutlined,
  ReadOutlined,
  ShoppingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../shared/routes/paths.ts';
import { SideLayout } from './side-layout.tsx';

export function UserLayout() {
  const { t } = useTranslation();
  const links = [
    { to: PATHS.profile, icon: <UserOutlined />, label: t('routes.profile') },
    { to: PATHS.product, icon: <ShoppingOutlined />, label: t('routes.product') },
    { to: PATHS.support, icon: <CustomerServiceOutlined />, label: t('routes.support') },
    // For scripts and plugins that render without the browser: keys, webhooks and the reference.
    { to: PATHS.apiKeys, icon: <KeyOutlined />, label: t('routes.apiKeys') },
    { to: PATHS.webhooks, icon: <ApiOutlined />, label: t('routes.webhooks') },
    { to: PATHS.developers, icon: <ReadOutlined />, label: t('routes.developers') },
  ];
  return <SideLayout label={t('routes.user')} links={links} />;
}
