import { Tag, type TableColumnsType } from 'antd';
import type { AdminUserTask } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { useUserTasks } from '../../api/list-user-tasks.ts';
import { formatTime } from '../../lib/format.ts';
import { PagedTable } from './paged-table.tsx';

const STATE_COLOURS: Record<AdminUserTask['state'], string> = {
  submitting: 'processing',
  queued: 'processing',
  generating: 'processing',
  complete: 'success',
  cancelled: 'default',
  timed_out: 'warning',
  lost: 'error',
};

/** The account's generation tasks, newest first, with what each cost and what came back. */
export function UserTasksTable({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation('admin-users');
  const tasks = useUserTasks(userId);
  const none = t('users.none');

  const cost = (task: AdminUserTask) => {
    const { cubes, coveredByPlan, refunded, refundedCubes } = task.cost;
    if (coveredByPlan) return t('users.tasks.byPlan');
    const paid = t('users.tasks.costCubes', { count: cubes });
    if (refunded) return `${paid} · ${t('users.tasks.refunded')}`;
    return refundedCubes > 0 ? `${paid} · ${t('users.tasks.partlyRefunded', { count: refundedCubes })}` : paid;
  };

  const columns: TableColumnsType<AdminUserTask> = [
    { key: 'created', title: t('users.tasks.created'), render: (_, k) => formatTime(k.createdAt, i18n.language) },
    {
      key: 'state',
      title: t('users.tasks.state'),
      render: (_, k) => (
        <>
          <Tag color={STATE_COLOURS[k.state]}>{t(`users.tasks.states.${k.state}`)}</Tag>
          {k.errorCode ? <code>{k.errorCode}</code> : null}
        </>
      ),
    },
    { key: 'mode', title: t('users.tasks.mode'), render: (_, k) => t(`users.tasks.modes.${k.mode}`) },
    {
      key: 'model',
      title: t('users.tasks.model'),
      render: (_, k) => [k.model, k.quality].filter(Boolean).join(' · ') || none,
    },
    { key: 'images', title: t('users.tasks.images'), dataIndex: 'count', align: 'right' },
    { key: 'cost', title: t('users.tasks.cost'), render: (_, k) => cost(k) },
    {
      key: 'finished',
      title: t('users.tasks.finished'),
      render: (_, k) => (k.finishedAt ? formatTime(k.finishedAt, i18n.language) : none),
    },
  ];
  return (
    <PagedTable<AdminUserTask>
      label={t('users.tabs.tasks')}
      query={tasks}
      columns={columns}
      empty={t('users.tasks.empty')}
      testId="user-tasks"
    />
  );
}
