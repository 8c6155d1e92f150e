import { useEffect, useRef } from 'react';
import { Alert, Button, Empty, Progress, Skeleton, Tag } from 'antd';
import { LoadingOutlined } from '@ant-design/icons';
import { isFinished, type Task } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import type { useTasks } from '../api/list-tasks.ts';
import type { StageSelection } from '../lib/studio-draft.ts';
import { STATE_COLOR } from './task-status.tsx';
import { taskModeName } from './presets/task-mode-name.ts';

interface Props {
  tasks: Task[];
  history: ReturnType<typeof useTasks>;
  selected: StageSelection | null;
  onSelect(selection: StageSelection): void;
}

/** A task that has no results (yet): its live preview or progress, or the state it ended in. */
function PendingTile({ task, on, onSelect }: { task: Task; on: boolean; onSelect(): void }) {
  const { t } = useTranslation('design');
  const state = t(`task.state.${task.state}`);
  return (
    <button
      type="button"
      className="film-strip__tile film-strip__tile--pending"
      aria-pressed={on}
      aria-label={task.state === 'generating' ? `${state} ${task.progress}%` : state}
      onClick={onSelect}
    >
      {task.previewUrl && !isFinished(task.state) ? (
        <img src={task.previewUrl} alt="" className="film-strip__preview" />
      ) : task.state === 'queued' || task.state === 'submitting' ? (
        <LoadingOutlined className="film-strip__spin" />
      ) : null}
      {task.state === 'generating' ? (
        <Progress type="circle" percent={task.progress} size={36} className="film-strip__ring" />
      ) : (
        <Tag color={STATE_COLOR[task.state]} className="film-strip__state">
          {state}
        </Tag>
      )}
    </button>
  );
}

/**
 * Below the stage: the results of the tasks started here and of the history, newest first, one
 * thumbnail per result; running tasks show their progress. A click puts one on the stage.
 */
export function FilmStrip({ tasks, history, selected, onSelect }: Props) {
  const { t, i18n } = useTranslation('design');
  const list = useRef<HTMLUListElement>(null);
  const time = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language === 'zh' ? 'zh-CN' : 'en-GB', {
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });

  // The selected thumbnail scrolls into view as the arrow keys move along the strip.
  useEffect(() => {
    const on = list.current?.querySelector<HTMLElement>('[aria-pressed="true"]');
    on?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [selected?.id, selected?.index]);

  let body: React.ReactNode;
  if (history.isPending && tasks.length === 0) body = <Skeleton.Node active className="film-strip__loading" />;
  else if (history.isError && !history.data && tasks.length === 0) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('history.loadFailed')}
        action={
          <Button size="small" onClick={() => void history.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  } else if (tasks.length === 0) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('history.empty')} />;
  else
    body = (
      <ul className="film-strip__list" data-testid="history" ref={list}>
        {tasks.map((task) => {
          const label = `${taskModeName(t, task)} · ${time(task.createdAt)}`;
          const on = selected?.id === task.id;
          return (
            <li key={task.id} className="film-strip__task" data-testid="result-card" data-state={task.state}>
              <div role="group" aria-label={label} className="film-strip__group">
                {task.state === 'complete' && task.results.length ? (
                  task.results.map((r, i) => (
                    <button
                      key={r.id}
                      type="button"
                      className="film-strip__tile"
                      aria-pressed={on && selected.index === i}
                      onClick={() => onSelect({ id: task.id, index: i })}
                    >
                      <img
                        src={r.thumbUrl}
                        alt={t('task.resultAlt', { n: i + 1, total: task.results.length })}
                        width={r.width}
                        height={r.height}
                      />
                    </button>
                  ))
                ) : (
                  <PendingTile task={task} on={on} onSelect={() => onSelect({ id: task.id, index: 0 })} />
                )}
              </div>
            </li>
          );
        })}
        {history.hasNextPage && (
          <li className="film-strip__task film-strip__task--more">
            <Button loading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
              {t('history.more')}
            </Button>
          </li>
        )}
      </ul>
    );

  return (
    <section className="film-strip" aria-label={t('history.title')}>
      {body}
      {history.isFetchNextPageError && <Alert type="error" showIcon title={t('history.loadFailed')} />}
    </section>
  );
}
