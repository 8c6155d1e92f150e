import { Alert, Button, Progress } from 'antd';
import { ClockCircleOutlined, LoadingOutlined, StopOutlined, SwapOutlined } from '@ant-design/icons';
import { isFinished, type Task, type TaskState } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { useCancelTask } from '../api/cancel-task.ts';
import { LivePreview } from './live-preview.tsx';
import './task-status.css';

export const STATE_COLOR: Record<TaskState, string> = {
  submitting: 'default',
  queued: 'blue',
  generating: 'processing',
  complete: 'success',
  cancelled: 'default',
  timed_out: 'warning',
  lost: 'error',
};

/** "No. 3 in line · about 40 s", or the server it waits for instead of an estimate. */
function QueueInfo({ task }: { task: Task }) {
  const { t } = useTranslation('design');
  const place = task.position ? t('task.position', { n: task.position }) : t('task.inQueue');
  const seconds = task.estimatedWaitSeconds;
  const wait =
    task.notice === 'waiting_for_server'
      ? t('task.waitingForServer')
      : seconds == null
        ? null
        : seconds < 60
          ? t('task.wait', { n: seconds })
          : t('task.waitMinutes', { n: Math.round(seconds / 60) });
  return (
    <div className="task-status__wait" data-testid="queue-info">
      <ClockCircleOutlined />
      <span>
        {place}
        {wait && ` · ${wait}`}
      </span>
    </div>
  );
}

/**
 * A task on the stage before it has results: queued (position, wait), generating (progress, live
 * preview), or why it ended. A running task can be cancelled from here.
 */
export function TaskStatus({ task }: { task: Task }) {
  const { t } = useTranslation('design');
  const cancel = useCancelTask();
  const running = !isFinished(task.state);

  return (
    <div className="task-status" data-testid="task-status" data-state={task.state}>
      {task.translation === 'unavailable' && (
        <Alert type="info" showIcon className="task-status__note" title={t('task.translationUnavailable')} />
      )}
      {running && task.notice === 'moved' && (
        <Alert
          type="info"
          showIcon
          icon={<SwapOutlined />}
          className="task-status__note"
          data-testid="task-notice"
          title={t('task.moved')}
        />
      )}
      {task.state === 'queued' && <QueueInfo task={task} />}
      {task.state === 'generating' && (
        <div className="task-status__progress">
          <Progress percent={task.progress} size="small" aria-label={t('task.progress')} />
          {task.previewUrl ? (
            <LivePreview url={task.previewUrl} alt={t('task.previewAlt')} />
          ) : (
            <div className="task-status__placeholder">
              <LoadingOutlined />
            </div>
          )}
        </div>
      )}
      {task.state === 'submitting' && (
        <div className="task-status__placeholder">
          <LoadingOutlined />
        </div>
      )}
      {task.state !== 'complete' && isFinished(task.state) && (
        <Alert
          type={task.state === 'cancelled' ? 'info' : 'warning'}
          showIcon
          data-testid="task-error"
          title={task.error?.msg ?? t(`task.ended.${task.state}`)}
        />
      )}
      {running && (
        <Button icon={<StopOutlined />} loading={cancel.isPending} onClick={() => cancel.mutate(task.id)}>
          {t('task.cancel')}
        </Button>
      )}
    </div>
  );
}
