import { Alert, Drawer, Flex, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUserDetail } from '../../api/get-user-detail.ts';
import { useCan } from '../../lib/use-can.ts';
import { UserActions } from './user-actions.tsx';
import { UserLedgerTable } from './user-ledger-table.tsx';
import { UserOrdersTable } from './user-orders-table.tsx';
import { UserReportsTable } from './user-reports-table.tsx';
import { UserSummary } from './user-summary.tsx';
import { UserTasksTable } from './user-tasks-table.tsx';
import { UserWorksTable } from './user-works-table.tsx';

/** The account's lists, one tab each; a tab loads when first opened. */
function UserHistory({ userId }: { userId: string }) {
  const { t } = useTranslation('admin-users');
  const canSeeOrders = useCan(['finance', 'support']);
  const items = [
    { key: 'ledger', label: t('users.tabs.ledger'), children: <UserLedgerTable userId={userId} /> },
    ...(canSeeOrders
      ? [{ key: 'orders', label: t('users.tabs.orders'), children: <UserOrdersTable userId={userId} /> }]
      : []),
    { key: 'tasks', label: t('users.tabs.tasks'), children: <UserTasksTable userId={userId} /> },
    { key: 'works', label: t('users.tabs.works'), children: <UserWorksTable userId={userId} /> },
    { key: 'reports', label: t('users.tabs.reports'), children: <UserReportsTable userId={userId} /> },
  ];
  return <Tabs aria-label={t('users.tabs.label')} items={items} />;
}

/**
 * One account, opened from the search or a link naming it (`?user=` an id, username, e-mail or
 * phone): its profile and figures, what the operator's role may do to it, and its history.
 */
export function UserDrawer({
  user,
  onOpen,
  onClose,
}: {
  user: string | null;
  onOpen: (userId: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin-users');
  const detail = useUserDetail(user);
  const name = detail.data?.user.username ?? user ?? '';
  return (
    <Drawer
      open={user !== null}
      onClose={onClose}
      size={960}
      destroyOnHidden
      title={<h2 className="admin-users__drawer-title">{t('users.detail.label', { name })}</h2>}
      extra={
        detail.data ? (
          <Flex gap={8}>
            <UserActions detail={detail.data} />
          </Flex>
        ) : null
      }
      data-testid="user-drawer"
    >
      {detail.isError ? <Alert type="error" showIcon title={detail.error.message} /> : null}
      {detail.isPending && user !== null ? <Spin aria-label={t('users.detail.loading')} /> : null}
      {detail.data ? (
        <Flex vertical gap={16}>
          <UserSummary detail={detail.data} onOpen={onOpen} />
          {/* Keyed by the account, so its tabs start over when another one is opened. */}
          <UserHistory key={detail.data.user.id} userId={detail.data.user.id} />
        </Flex>
      ) : null}
    </Drawer>
  );
}
