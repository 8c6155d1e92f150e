import { Alert, Button, Empty, Skeleton, Tag } from 'antd';
import { LoadingOutlined } from '@ant-design/icons';
import type { Task } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { useTasks } from '../api/list-tasks.ts';
import { taskModeName } from './presets/task-mode-name.ts';

/** The user's earlier tasks, newest first; a click opens one. */
export function HistoryList({ onOpen }: { onOpen(task: Task): void }) {
  const { t, i18n } = useTranslation('design');
  const tasks = useTasks();
  const date = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language === 'zh' ? 'zh-CN' : 'en-GB', {
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });

  if (tasks.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (tasks.isError && !tasks.data) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('history.loadFailed')}
        action={
          <Button size="small" onClick={() => void tasks.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  }
  const items = tasks.data.pages.flatMap((p) => p.items);
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('history.empty')} />;

  return (
    <div className="studio-history">
      <ul className="studio-history__list" data-testid="history">
        {items.map((task) => {
          const thumb = task.results[0]?.thumbUrl ?? task.previewUrl;
          return (
            <li key={task.id}>
              <button type="button" className="studio-history__item" onClick={() => onOpen(task)}>
                <span className="studio-history__thumb">
                  {thumb ? (
                    <img src={thumb} alt="" />
                  ) : task.state === 'queued' || task.state === 'generating' ? (
                    <LoadingOutlined />
                  ) : (
                    <Tag>{t(`task.state.${task.state}`)}</Tag>
                  )}
                </span>
                <span className="studio-history__text">
                  <span className="studio-history__mode">{taskModeName(t, task)}</span>
                  <span className="studio-history__time">{date(task.createdAt)}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {tasks.isFetchNextPageError && <Alert type="error" showIcon title={t('history.loadFailed')} />}
      {tasks.hasNextPage && (
        <Button block loading={tasks.isFetchingNextPage} onClick={() => void tasks.fetchNextPage()}>
          {t('history.more')}
        </Button>
      )}
    </div>
  );
}
