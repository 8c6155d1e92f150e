import { Alert, Button, Empty, Skeleton, Tag } from 'antd';
import { ExperimentOutlined, LoadingOutlined } from '@ant-design/icons';
import { isFinished, type Task } from '@turing/contract';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../../shared/routes/paths.ts';
import { useTasks } from '../api/list-tasks.ts';
import { useFormatTime } from '../lib/format.ts';
import { paramsLink } from '../lib/studio-link.ts';
import { thumbSrcSet } from '../../../shared/ui/thumb-srcset.ts';

/** A result's square in a task row (`.ws-task__thumbs img`). */
const TASK_THUMB_SIZES = '62px';

const STATE_COLOR: Record<Task['state'], string> = {
  submitting: 'processing',
  queued: 'processing',
  generating: 'processing',
  complete: 'success',
  cancelled: 'default',
  timed_out: 'warning',
  lost: 'error',
};

/** The user's generation tasks with their state, time, mode and results. */
export function TaskHistory() {
  const { t } = useTranslation('workspace');
  const navigate = useNavigate();
  const formatTime = useFormatTime();
  const tasks = useTasks();

  if (tasks.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (tasks.isError && !tasks.isFetchNextPageError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('history.loadFailed')}
        data-testid="history-error"
        action={<Button onClick={() => void tasks.refetch()}>{t('retry')}</Button>}
      />
    );
  const items = tasks.data.pages.flatMap((p) => p.items);
  if (items.length === 0)
    return (
      <Empty
        className="ws-empty"
        description={
          <>
            <strong className="ws-empty__title">{t('history.empty')}</strong>
            <span className="ws-empty__hint">{t('history.emptyHint')}</span>
          </>
        }
      >
        <Button type="primary" icon={<ExperimentOutlined />} onClick={() => navigate(PATHS.textGenerate)}>
          {t('toStudio')}
        </Button>
      </Empty>
    );

  return (
    <section aria-label={t('history.label')}>
      <ul className="ws-tasks" data-testid="task-history">
        {items.map((task) => {
          const running = !isFinished(task.state);
          const link = paramsLink(task.params);
          return (
            <li key={task.id} className="ws-task" data-testid="task-row" data-state={task.state}>
              <div className="ws-task__thumbs">
                {task.results.length > 0 ? (
                  task.results
                    .slice(0, 4)
                    .map((r, i) => (
                      <img
                        key={r.id}
                        src={r.thumbUrl}
                        srcSet={thumbSrcSet(r.thumbs)}
                        sizes={TASK_THUMB_SIZES}
                        alt={t('history.resultAlt', { n: i + 1 })}
                        loading="lazy"
                      />
                    ))
                ) : (
                  <span className="ws-task__placeholder">{running ? <LoadingOutlined /> : null}</span>
                )}
              </div>
              <div className="ws-task__text">
                <span className="ws-task__head">
                  <strong>{t(`values.mode.${task.mode}`)}</strong>
                  <Tag color={STATE_COLOR[task.state]}>{t(`history.state.${task.state}`)}</Tag>
                </span>
                <span className="ws-task__prompt">{task.promptOriginal.trim() || t('history.noPrompt')}</span>
                <span className="ws-task__meta">
                  <time dateTime={task.createdAt}>{formatTime(task.createdAt)}</time>
                  {task.results.length > 0 && <> · {t('history.results', { count: task.results.length })}</>}
                  {task.shortfall && (
                    <span className="ws-task__shortfall" data-testid="task-shortfall">
                      {' · '}
                      {task.shortfall.refundedCubes > 0
                        ? t('history.shortfallRefund', {
                            delivered: task.shortfall.delivered,
                            asked: task.shortfall.asked,
                            count: task.shortfall.refundedCubes,
                          })
                        : t('history.shortfall', { delivered: task.shortfall.delivered, asked: task.shortfall.asked })}
                    </span>
                  )}
                </span>
              </div>
              <Button icon={<ExperimentOutlined />} onClick={() => navigate(link.path, { state: link.state })}>
                {t('history.openInStudio')}
              </Button>
            </li>
          );
        })}
      </ul>
      {tasks.isFetchNextPageError && <Alert type="error" showIcon title={t('history.moreFailed')} />}
      {tasks.hasNextPage && (
        <Button block className="ws-more" loading={tasks.isFetchingNextPage} onClick={() => void tasks.fetchNextPage()}>
          {t('history.loadMore')}
        </Button>
      )}
    </section>
  );
}
