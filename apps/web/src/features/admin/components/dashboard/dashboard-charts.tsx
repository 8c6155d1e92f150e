import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { DashboardDay } from '@turing/contract';
import { ChartFrame, useChartTheme } from './chart-frame.tsx';
import { FAILED_STATES, formatCount, formatDuration, longDate, RUNNING_STATES, shortDate, sumOf } from './format.ts';
import { RevenueCharts } from './revenue-charts.tsx';

/** Grid, axes, tooltip and legend as every day-by-day chart draws them. */
function useDayAxes(format: (value: number, name: string) => string) {
  const { i18n } = useTranslation();
  const c = useChartTheme();
  return (opts: { rightAxis?: boolean } = {}) => [
    <CartesianGrid key="grid" stroke={c.grid} strokeDasharray="3 3" vertical={false} />,
    <XAxis
      key="x"
      dataKey="date"
      tickFormatter={shortDate}
      stroke={c.axis.stroke}
      tick={c.axis.tick}
      minTickGap={12}
    />,
    <YAxis key="y" yAxisId="left" stroke={c.axis.stroke} tick={c.axis.tick} allowDecimals={false} width={48} />,
    ...(opts.rightAxis
      ? [
          <YAxis
            key="y2"
            yAxisId="right"
            orientation="right"
            stroke={c.axis.stroke}
            tick={c.axis.tick}
            allowDecimals={false}
            width={48}
          />,
        ]
      : []),
    <Tooltip
      key="tooltip"
      {...c.tooltip}
      labelFormatter={(date) => longDate(String(date), i18n.language)}
      formatter={(value, name) => format(Number(value), String(name))}
    />,
    <Legend key="legend" formatter={c.legendText} itemSorter={null} />,
  ];
}

/** The period day by day: users, tasks, images and cubes, task time, and revenue per currency. */
export function DashboardCharts({ days }: { days: DashboardDay[] }) {
  const { t, i18n } = useTranslation('admin-dashboard');
  const lang = i18n.language;
  const c = useChartTheme();
  const count = (value: number) => formatCount(value, lang);
  const countAxes = useDayAxes(count);
  const timeAxes = useDayAxes((seconds) => formatDuration(seconds * 1000, lang) ?? t('figures.none'));
  const rows = days.map((d) => ({
    date: d.date,
    newUsers: d.newUsers,
    activeUsers: d.activeUsers,
    complete: d.tasks.complete,
    running: sumOf(d.tasks, RUNNING_STATES),
    cancelled: d.tasks.cancelled,
    failed: sumOf(d.tasks, FAILED_STATES),
    images: d.images,
    cubes: d.cubes.spent,
    median: d.taskTime.medianMs === null ? null : d.taskTime.medianMs / 1000,
    p95: d.taskTime.p95Ms === null ? null : d.taskTime.p95Ms / 1000,
  }));
  // Dots, so a day standing alone between empty ones still shows.
  const line = { type: 'monotone', strokeWidth: 2, dot: { r: 2 }, isAnimationActive: c.animate } as const;
  const bar = { isAnimationActive: c.animate, maxBarSize: 32 } as const;
  const charts = [
    {
      key: 'users',
      caption: t('charts.users'),
      chart: (
        <LineChart data={rows} title={t('charts.users')}>
          {countAxes()}
          <Line {...line} yAxisId="left" dataKey="newUsers" name={t('series.newUsers')} stroke={c.series.info} />
          <Line
            {...line}
            yAxisId="left"
            dataKey="activeUsers"
            name={t('series.activeUsers')}
            stroke={c.series.primary}
          />
        </LineChart>
      ),
    },
    {
      key: 'tasks',
      caption: t('charts.tasks'),
      chart: (
        <BarChart data={rows} title={t('charts.tasks')}>
          {countAxes()}
          {(
            [
              ['complete', c.series.primary],
              ['running', c.series.info],
              ['cancelled', c.series.warning],
              ['failed', c.series.error],
            ] as const
          ).map(([key, fill]) => (
            <Bar
              key={key}
              {...bar}
              yAxisId="left"
              stackId="tasks"
              dataKey={key}
              name={t(`series.${key}`)}
              fill={fill}
            />
          ))}
        </BarChart>
      ),
    },
    {
      key: 'images',
      caption: t('charts.images'),
      chart: (
        <ComposedChart data={rows} title={t('charts.images')}>
          {countAxes({ rightAxis: true })}
          <Bar {...bar} yAxisId="left" dataKey="images" name={t('series.images')} fill={c.series.primary} />
          <Line {...line} yAxisId="right" dataKey="cubes" name={t('series.cubes')} stroke={c.series.warning} />
        </ComposedChart>
      ),
    },
    {
      key: 'time',
      caption: t('charts.time'),
      chart: (
        <LineChart data={rows} title={t('charts.time')}>
          {timeAxes()}
          <Line {...line} yAxisId="left" dataKey="median" name={t('series.median')} stroke={c.series.primary} />
          <Line {...line} yAxisId="left" dataKey="p95" name={t('series.p95')} stroke={c.series.error} />
        </LineChart>
      ),
    },
  ];
  return (
    <Row gutter={[16, 16]}>
      {charts.map(({ key, caption, chart }) => (
        <Col key={key} xs={24} xl={12} data-chart={key}>
          <ChartFrame caption={caption}>{chart}</ChartFrame>
        </Col>
      ))}
      <RevenueCharts days={days} />
    </Row>
  );
}
