import { Space, Tag, Typography, type TableColumnsType } from 'antd';
import type { AdminUserWork } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { detailPath } from '../../../../shared/routes/paths.ts';
import { useUserWorks } from '../../api/list-user-works.ts';
import { formatTime } from '../../lib/format.ts';
import { PagedTable } from './paged-table.tsx';

const STATE_COLOURS: Record<AdminUserWork['state'], string> = {
  published: 'success',
  unpublished: 'default',
  hidden: 'error',
};

/** The account's community works in every state, with the reports against each. */
export function UserWorksTable({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation('admin-users');
  const works = useUserWorks(userId);
  const columns: TableColumnsType<AdminUserWork> = [
    {
      key: 'title',
      title: t('users.works.title'),
      render: (_, w) => (
        <a
          href={`#${detailPath(w.id)}`}
          target="_blank"
          rel="noreferrer"
          aria-label={t('users.works.openWork', { title: w.title })}
        >
          {w.title}
        </a>
      ),
    },
    {
      key: 'state',
      title: t('users.works.state'),
      render: (_, w) => (
        <Space orientation="vertical" size={0}>
          <Tag color={STATE_COLOURS[w.state]}>{t(`users.works.states.${w.state}`)}</Tag>
          {w.state === 'hidden' && w.hiddenBy ? (
            <Typography.Text type="secondary">
              {t('users.works.hiddenBy', { who: w.hiddenBy })}
              {w.hiddenReason ? `: ${w.hiddenReason}` : ''}
            </Typography.Text>
          ) : null}
        </Space>
      ),
    },
    { key: 'likes', title: t('users.works.likes'), dataIndex: 'likes', align: 'right' },
    { key: 'collects', title: t('users.works.collects'), dataIndex: 'collects', align: 'right' },
    {
      key: 'reports',
      title: t('users.works.reports'),
      render: (_, w) => t('users.works.reportCount', { open: w.reports.open, total: w.reports.total }),
    },
    { key: 'published', title: t('users.works.published'), render: (_, w) => formatTime(w.publishedAt, i18n.language) },
  ];
  return (
    <PagedTable<AdminUserWork>
      label={t('users.tabs.works')}
      query={works}
      columns={columns}
      empty={t('users.works.empty')}
      testId="user-works"
    />
  );
}
