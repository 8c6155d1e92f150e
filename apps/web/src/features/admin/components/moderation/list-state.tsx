import { Alert, Button, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';

interface PagedList {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
  refetch: () => Promise<unknown>;
}

/** What a paged list shows around its items: loading, a failure with a retry, empty, or more to load. */
export function ListState({ query, count, emptyText }: { query: PagedList; count: number; emptyText: string }) {
  const { t } = useTranslation('admin-moderation');
  if (query.isPending) return <Skeleton active />;
  if (query.isError && count === 0) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('moderation.loadFailed')}
        description={query.error?.message}
        action={<Button onClick={() => void query.refetch()}>{t('moderation.retry')}</Button>}
      />
    );
  }
  if (count === 0 && !query.hasNextPage) return <Empty description={emptyText} />;
  if (!query.hasNextPage) return null;
  return (
    <Button
      className="moderation-list__more"
      onClick={() => void query.fetchNextPage()}
      loading={query.isFetchingNextPage}
    >
      {t('moderation.loadMore')}
    </Button>
  );
}
