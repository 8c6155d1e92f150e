import { useState } from 'react';
import { Button, Flex, Input, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { LIMITS, type AdminUserSummary } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { useSearchUsers } from '../../api/search-users.ts';
import { formatTime } from '../../lib/format.ts';
import { PagedTable } from './paged-table.tsx';

/** The search box and the accounts it finds (the newest accounts while it is empty). */
export function UserSearch({
  q,
  onSearch,
  onOpen,
}: {
  q: string;
  onSearch: (q: string) => void;
  onOpen: (userId: string) => void;
}) {
  const { t, i18n } = useTranslation('admin-users');
  const search = useSearchUsers(q);
  // The box follows the address (back, forward, a link) and keeps what is typed in between.
  const [text, setText] = useState(q);
  const [shown, setShown] = useState(q);
  if (shown !== q) {
    setShown(q);
    setText(q);
  }
  const masked = search.data?.pages[0]?.contactsMasked ?? false;
  const none = t('users.none');

  const columns: TableColumnsType<AdminUserSummary> = [
    {
      key: 'user',
      title: t('users.columns.user'),
      render: (_, u) => (
        <Space orientation="vertical" size={0}>
          <Button type="link" className="admin-users__open" onClick={() => onOpen(u.id)} data-testid="user-open">
            {u.username}
          </Button>
          <Typography.Text type="secondary">{u.nickname}</Typography.Text>
        </Space>
      ),
    },
    { key: 'email', title: t('users.columns.email'), render: (_, u) => u.email ?? none },
    { key: 'phone', title: t('users.columns.phone'), render: (_, u) => u.phone ?? none },
    { key: 'created', title: t('users.columns.created'), render: (_, u) => formatTime(u.createdAt, i18n.language) },
    {
      key: 'status',
      title: t('users.columns.status'),
      render: (_, u) =>
        u.suspendedAt ? (
          <Tag color="error">{t('users.status.suspended')}</Tag>
        ) : (
          <Tag color="success">{t('users.status.active')}</Tag>
        ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <label htmlFor="admin-users-search" className="admin-users__label">
        {t('users.search.label')}
      </label>
      <Input.Search
        id="admin-users-search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onSearch={(value) => onSearch(value.trim())}
        placeholder={t('users.search.placeholder')}
        enterButton={t('users.search.button')}
        allowClear
        maxLength={LIMITS.accountQueryMax}
        style={{ maxWidth: 560 }}
        data-testid="users-search"
      />
      <Typography.Title level={2} className="admin-users__heading">
        {q ? t('users.search.results') : t('users.search.newest')}
      </Typography.Title>
      {masked ? <Typography.Text type="secondary">{t('users.search.masked')}</Typography.Text> : null}
      <PagedTable<AdminUserSummary>
        label={q ? t('users.search.results') : t('users.search.newest')}
        query={search}
        columns={columns}
        empty={t('users.search.empty')}
        testId="users-results"
      />
    </Flex>
  );
}
