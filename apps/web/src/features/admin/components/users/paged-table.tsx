import { Alert, Button, Flex, Table, type TableColumnsType } from 'antd';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { Page } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import './users.css';

/**
 * One of the account's lists: a table inside a named region that takes keyboard focus (it scrolls
 * sideways when narrow), the server's message when loading failed, and "load more" while pages remain.
 */
export function PagedTable<T extends { id: string }>({
  label,
  query,
  columns,
  empty,
  testId,
}: {
  label: string;
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  columns: TableColumnsType<T>;
  empty: string;
  testId?: string;
}) {
  const { t } = useTranslation('admin-users');
  const rows = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Flex vertical gap={12}>
      {query.isError ? <Alert type="error" showIcon title={query.error.message} /> : null}
      <div className="admin-users__scroll" role="region" aria-label={label} tabIndex={0}>
        <Table<T>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={rows}
          loading={query.isPending && !query.isError}
          pagination={false}
          locale={{ emptyText: <span className="admin-users__empty">{empty}</span> }}
          data-testid={testId}
        />
      </div>
      {query.hasNextPage ? (
        <Flex justify="center">
          <Button onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
            {t('users.more')}
          </Button>
        </Flex>
      ) : null}
    </Flex>
  );
}
