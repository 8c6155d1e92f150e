import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DashboardFigures, DashboardMoney } from '@turing/contract';
import { formatMoney } from '../../lib/format.ts';
import { byCurrency, FAILED_STATES, formatCount, formatDuration, sumOf, totalTasks } from './format.ts';

interface Figure {
  key: string;
  title: string;
  value: string;
  note?: string;
}

function useFigures(f: DashboardFigures): Figure[] {
  const { t, i18n } = useTranslation('admin-dashboard');
  const lang = i18n.language;
  const count = (n: number) => formatCount(n, lang);
  const none = t('figures.none');
  const money = (rows: DashboardMoney[]) => {
    const totals = byCurrency(rows);
    return {
      value: totals.length ? totals.map((r) => formatMoney(r.amount, r.currency, lang)).join(' · ') : none,
      note: t('figures.orders', { count: totals.reduce((n, r) => n + r.orders, 0) }),
    };
  };
  return [
    { key: 'newUsers', title: t('figures.newUsers'), value: count(f.newUsers) },
    { key: 'activeUsers', title: t('figures.activeUsers'), value: count(f.activeUsers), note: t('figures.activeNote') },
    {
      key: 'tasks',
      title: t('figures.tasks'),
      value: count(totalTasks(f.tasks)),
      note: t('figures.tasksNote', {
        complete: count(f.tasks.complete),
        failed: count(sumOf(f.tasks, FAILED_STATES)),
      }),
    },
    { key: 'images', title: t('figures.images'), value: count(f.images) },
    {
      key: 'median',
      title: t('figures.median'),
      value: formatDuration(f.taskTime.medianMs, lang) ?? none,
      note: t('figures.completed', { count: f.taskTime.completed }),
    },
    { key: 'p95', title: t('figures.p95'), value: formatDuration(f.taskTime.p95Ms, lang) ?? none },
    {
      key: 'cubes',
      title: t('figures.cubes'),
      value: count(f.cubes.spent),
      note: t('figures.cubesNote', { charged: count(f.cubes.charged), refunded: count(f.cubes.refunded) }),
    },
    { key: 'revenue', title: t('figures.revenue'), ...money(f.revenue) },
    { key: 'refunds', title: t('figures.refunds'), ...money(f.refunds) },
  ];
}

/** One span's figures as statistics (today, or the whole period). */
export function FiguresCard({ title, figures }: { title: string; figures: DashboardFigures }) {
  const items = useFigures(figures);
  return (
    <Card
      size="small"
      className="dashboard-card"
      title={
        <Typography.Title level={2} className="dashboard-card__title">
          {title}
        </Typography.Title>
      }
    >
      <Row gutter={[16, 16]}>
        {items.map((item) => (
          <Col key={item.key} xs={12} md={8} data-figure={item.key}>
            <Statistic title={item.title} value={item.value} className="dashboard-figure" />
            {item.note ? (
              <Typography.Text type="secondary" className="dashboard-figure__note">
                {item.note}
              </Typography.Text>
            ) : null}
          </Col>
        ))}
      </Row>
    </Card>
  );
}
