import { Alert, Button, Card, Progress, Tag, Typography } from 'antd';
import { ClockCircleOutlined, LoadingOutlined, StopOutlined, SwapOutlined } from '@ant-design/icons';
import { isFinished, type Task, type TaskState } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { useCancelTask } from '../api/cancel-task.ts';
import { LivePreview } from './live-preview.tsx';
import './result-card.css';
import { taskModeName } from './presets/task-mode-name.ts';

interface Props {
  task: Task;
  /** Opens the viewer on one result image. */
  onOpen(task: Task, index: number): void;
}

const STATE_COLOR: Record<TaskState, string> = {
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
    <div className="result-card__wait" data-testid="queue-info">
      <ClockCircleOutlined />
      <span>
        {place}
        {wait && ` · ${wait}`}
      </span>
    </div>
  );
}

/** One task as it goes: queued (position, wait), generating (progress, preview), then its results or why it ended. */
export function ResultCard({ task, onOpen }: Props) {
  const { t, i18n } = useTranslation('design');
  const cancel = useCancelTask();
  const running = !isFinished(task.state);
  const count = Number(task.params.count) || 1;
  const time = new Date(task.createdAt).toLocaleTimeString(i18n.language === 'zh' ? 'zh-CN' : 'en-GB', {
    hour: '2-digit',
    minute: '2-digit',
  });

  return (
    <Card
      size="small"
      className="result-card"
      data-testid="result-card"
      data-state={task.state}
      title={
        <span className="result-card__title">
          <Tag color={STATE_COLOR[task.state]} className="result-card__state">
            {t(`task.state.${task.state}`)}
          </Tag>
          <span className="result-card__mode">{taskModeName(t, task)}</span>
          <Typography.Text
            type="secondary"
            ellipsis={{ tooltip: task.promptOriginal || undefined }}
            className="result-card__prompt"
          >
            {task.promptOriginal || t('task.noPrompt')}
          </Typography.Text>
        </span>
      }
      extra={
        running ? (
          <Button
            size="small"
            icon={<StopOutlined />}
            loading={cancel.isPending}
            onClick={() => cancel.mutate(task.id)}
          >
            {t('task.cancel')}
          </Button>
        ) : (
          <Typography.Text type="secondary">{time}</Typography.Text>
        )
      }
    >
      {task.translation === 'unavailable' && (
        <Alert type="info" showIcon className="result-card__note" title={t('task.translationUnavailable')} />
      )}
      {running && task.notice === 'moved' && (
        <Alert
          type="info"
          showIcon
          icon={<SwapOutlined />}
          className="result-card__note"
          data-testid="task-notice"
          title={t('task.moved')}
        />
      )}
      {task.state === 'queued' && <QueueInfo task={task} />}
      {task.state === 'generating' && (
        <div className="result-card__progress">
          <Progress percent={task.progress} size="small" aria-label={t('task.progress')} />
          {task.previewUrl ? (
            <LivePreview url={task.previewUrl} alt={t('task.previewAlt')} />
          ) : (
            <div className="result-card__placeholder">
              <LoadingOutlined />
            </div>
          )}
        </div>
      )}
      {task.state === 'submitting' && (
        <div className="result-card__placeholder">
          <LoadingOutlined />
        </div>
      )}
      {task.state === 'complete' && (
        <div className={`result-card__grid result-card__grid--${Math.min(task.results.length, 4)}`}>
          {task.results.map((r, i) => (
            <button key={r.id} type="button" className="result-card__thumb" onClick={() => onOpen(task, i)}>
              <img
                src={r.thumbUrl}
                alt={t('task.resultAlt', { n: i + 1, total: count })}
                width={r.width}
                height={r.height}
              />
            </button>
          ))}
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
    </Card>
  );
}
