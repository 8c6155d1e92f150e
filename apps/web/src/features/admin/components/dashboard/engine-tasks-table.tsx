import { Card, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { DashboardEngineTasks } from '@turing/contract';
import { FAILED_STATES, formatCount, formatDuration, RUNNING_STATES, sumOf, totalTasks } from './format.ts';
import { EmptyText } from './empty-text.tsx';

/** The period's tasks per engine: how many, how they ended, the images made and the time they took. */
export function EngineTasksTable({ byEngine }: { byEngine: DashboardEngineTasks[] }) {
  const { t, i18n } = useTranslation('admin-dashboard');
  const lang = i18n.language;
  const count = (n: number) => formatCount(n, lang);
  const time = (ms: number | null) => formatDuration(ms, lang) ?? t('figures.none');
  const columns: ColumnsType<DashboardEngineTasks> = [
    { key: 'engine', title: t('engines.engine'), dataIndex: 'engine' },
    { key: 'total', title: t('byEngine.total'), align: 'right', render: (_, e) => count(totalTasks(e.tasks)) },
    { key: 'complete', title: t('series.complete'), align: 'right', render: (_, e) => count(e.tasks.complete) },
    {
      key: 'running',
      title: t('series.running'),
      align: 'right',
      render: (_, e) => count(sumOf(e.tasks, RUNNING_STATES)),
    },
    { key: 'cancelled', title: t('series.cancelled'), align: 'right', render: (_, e) => count(e.tasks.cancelled) },
    {
      key: 'failed',
      title: t('series.failed'),
      align: 'right',
      render: (_, e) => count(sumOf(e.tasks, FAILED_STATES)),
    },
    { key: 'images', title: t('series.images'), align: 'right', render: (_, e) => count(e.images) },
    { key: 'median', title: t('series.median'), align: 'right', render: (_, e) => time(e.taskTime.medianMs) },
    { key: 'p95', title: t('series.p95'), align: 'right', render: (_, e) => time(e.taskTime.p95Ms) },
  ];
  return (
    <Card
      size="small"
      className="dashboard-card"
      title={
        <Typography.Title level={2} className="dashboard-card__title">
          {t('byEngine.title')}
        </Typography.Title>
      }
    >
      <Table<DashboardEngineTasks>
        size="small"
        rowKey="engine"
        columns={columns}
        dataSource={byEngine}
        pagination={false}
        locale={{ emptyText: <EmptyText>{t('byEngine.empty')}</EmptyText> }}
      />
    </Card>
  );
}
