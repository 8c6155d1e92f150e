import { Tag, type TableColumnsType } from 'antd';
import type { AdminUserReport } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { useUserReports } from '../../api/list-user-reports.ts';
import { formatTime } from '../../lib/format.ts';
import { PagedTable } from './paged-table.tsx';

/** Reports against the account's works, open and dealt with, newest first. */
export function UserReportsTable({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation('admin-users');
  const reports = useUserReports(userId);
  const columns: TableColumnsType<AdminUserReport> = [
    { key: 'time', title: t('users.reports.time'), render: (_, r) => formatTime(r.createdAt, i18n.language) },
    { key: 'work', title: t('users.reports.work'), dataIndex: 'workTitle' },
    {
      key: 'reason',
      title: t('users.reports.reason'),
      render: (_, r) => t(`users.reports.reasons.${r.reason}`, { defaultValue: r.reason }),
    },
    {
      key: 'details',
      title: t('users.reports.details'),
      render: (_, r) => <span className="admin-users__note">{r.details || t('users.none')}</span>,
    },
    {
      key: 'reporter',
      title: t('users.reports.reporter'),
      render: (_, r) => r.reporter ?? t('users.reports.anonymous'),
    },
    {
      key: 'status',
      title: t('users.reports.status'),
      render: (_, r) => (
        <Tag color={r.status === 'open' ? 'warning' : 'default'}>
          {t(`users.reports.statuses.${r.status}`, { defaultValue: r.status })}
        </Tag>
      ),
    },
  ];
  return (
    <PagedTable<AdminUserReport>
      label={t('users.tabs.reports')}
      query={reports}
      columns={columns}
      empty={t('users.reports.empty')}
      testId="user-reports"
    />
  );
}
