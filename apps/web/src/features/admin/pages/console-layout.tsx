import type { ReactNode } from 'react';
import { Badge, Button, Flex, Layout, Menu, Result, Spin, Tag, Typography } from 'antd';
import {
  AppstoreOutlined,
  AuditOutlined,
  CloudServerOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  FlagOutlined,
  GiftOutlined,
  PictureOutlined,
  ShoppingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { roleAllows } from '@turing/contract';
import { ApiError } from '../../../shared/http/api-error.ts';
import { PATHS } from '../../../shared/routes/paths.ts';
import { useOperatorMe } from '../api/get-operator-me.ts';
import { useTicketCounts } from '../api/get-ticket-counts.ts';
import { EnrolCard } from '../components/second-factor/enrol-card.tsx';
import { VerifyCard } from '../components/second-factor/verify-card.tsx';
import { CONSOLE_PAGES, consolePath, type ConsolePageKey } from '../lib/console-pages.ts';
import './console-layout.css';

const ICONS: Record<ConsolePageKey, ReactNode> = {
  dashboard: <DashboardOutlined />,
  moderation: <FlagOutlined />,
  users: <UserOutlined />,
  tickets: <CustomerServiceOutlined />,
  orders: <ShoppingOutlined />,
  codes: <GiftOutlined />,
  catalogue: <AppstoreOutlined />,
  content: <PictureOutlined />,
  engines: <CloudServerOutlined />,
  operators: <TeamOutlined />,
  audit: <AuditOutlined />,
};

/**
 * The console: shown only to operators (anyone else finds no such page), and only past the second
 * factor. The menu lists the pages the operator's role may use.
 */
export function ConsoleLayout() {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const me = useOperatorMe();
  const inbox = me.data?.secondFactor.passed === true && roleAllows(me.data.role, ['support']);
  const counts = useTicketCounts(inbox);

  if (me.isPending) {
    return (
      <Flex justify="center" className="console-layout__wait">
        <Spin aria-label={t('loading')} />
      </Flex>
    );
  }
  if (me.error) {
    const forbidden = me.error instanceof ApiError && me.error.code === 'ADMIN_FORBIDDEN';
    return forbidden ? (
      <Result
        status="404"
        title={<h1 className="console-layout__result-title">{tc('notFound.title')}</h1>}
        subTitle={tc('notFound.subtitle')}
        extra={
          <Button type="primary" onClick={() => navigate(PATHS.home)}>
            {tc('notFound.back')}
          </Button>
        }
      />
    ) : (
      <Result
        status="error"
        title={<h1 className="console-layout__result-title">{t('unavailable')}</h1>}
        subTitle={me.error.message}
        extra={<Button onClick={() => void me.refetch()}>{t('retry')}</Button>}
      />
    );
  }
  const { data } = me;
  if (!data.secondFactor.passed) {
    return (
      <Flex justify="center" className="console-layout__gate">
        {data.secondFactor.enrolled ? <VerifyCard /> : <EnrolCard required={data.secondFactor.required} />}
      </Flex>
    );
  }

  const items = CONSOLE_PAGES.filter((p) => roleAllows(data.role, p.roles)).map((p) => ({
    key: consolePath(p.key),
    icon: ICONS[p.key],
    label: (
      <Link to={consolePath(p.key)}>
        {t(`menu.${p.key}`)}
        {p.key === 'tickets' && counts.data?.unreadMessages ? (
          <Badge
            count={counts.data.unreadMessages}
            size="small"
            className="console-layout__badge"
            title={t('menu.unread', { count: counts.data.unreadMessages })}
          />
        ) : null}
      </Link>
    ),
  }));
  const selected = items.find((i) => pathname.startsWith(i.key))?.key ?? pathname;
  return (
    <Layout className="console-layout">
      <Layout.Sider width={216} theme="light" className="console-layout__sider">
        <Flex vertical gap={4} className="console-layout__who">
          <Typography.Text strong ellipsis>
            {data.user?.username ?? t('token')}
          </Typography.Text>
          <span>
            <Tag color="green">{t(`roles.${data.role}`)}</Tag>
          </span>
          {data.via === 'session' ? (
            <Link to="/admin/security" className="console-layout__security">
              {data.secondFactor.enrolled ? t('security.link') : t('security.setUp')}
            </Link>
          ) : null}
        </Flex>
        <nav aria-label={t('menu.label')}>
          <Menu mode="inline" selectedKeys={[selected]} items={items} />
        </nav>
      </Layout.Sider>
      <div className="console-layout__content">
        <Outlet />
      </div>
    </Layout>
  );
}
