import { Alert, Button, Skeleton } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

/** The tag catalogue not (yet) there: a skeleton while it loads, the failure with a retry after. */
export function TagsState({ query, rows }: { query: UseQueryResult<unknown>; rows: number }) {
  const { t } = useTranslation('design');
  if (query.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('tags.loadFailed')}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  }
  return <Skeleton active paragraph={{ rows }} title={false} />;
}
