import { useState } from 'react';
import { Alert, Button, Col, Flex, Row, Segmented, Skeleton, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { canonicalTimeZone, DASHBOARD_DAYS_DEFAULT, DASHBOARD_PERIODS } from '@turing/contract';
import { useDashboard } from '../api/get-dashboard.ts';
import { ConsolePage } from '../components/console-page.tsx';
import { DashboardCharts } from '../components/dashboard/dashboard-charts.tsx';
import { FiguresCard } from '../components/dashboard/dashboard-summary.tsx';
import { EngineTasksTable } from '../components/dashboard/engine-tasks-table.tsx';
import { EnginesTable } from '../components/dashboard/engines-table.tsx';
import { longDate } from '../components/dashboard/format.ts';
import { RevenueTable } from '../components/dashboard/revenue-table.tsx';
import { formatTime } from '../lib/format.ts';
import '../components/dashboard/dashboard.css';

type Period = (typeof DASHBOARD_PERIODS)[number];

const periodOf = (value: string | null): Period =>
  DASHBOARD_PERIODS.find((p) => String(p) === value) ?? (DASHBOARD_DAYS_DEFAULT as Period);

/** The operator's own zone, so "today" ends at their midnight; UTC when the browser names none the server knows. */
const browserZone = () => canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone ?? '') ?? 'UTC';

export function DashboardPage() {
  const { t, i18n } = useTranslation('admin-dashboard');
  const lang = i18n.language;
  const [params, setParams] = useSearchParams();
  const days = periodOf(params.get('days'));
  const [timeZone] = useState(browserZone);
  const dashboard = useDashboard({ days, timeZone });
  const data = dashboard.data;

  const extra = (
    <>
      <Segmented<Period>
        aria-label={t('period.label')}
        value={days}
        options={DASHBOARD_PERIODS.map((p) => ({ value: p, label: t('period.days', { count: p }) }))}
        onChange={(value) => setParams({ days: String(value) }, { replace: true })}
      />
      <Button icon={<ReloadOutlined />} loading={dashboard.isFetching} onClick={() => void dashboard.refetch()}>
        {t('refresh')}
      </Button>
    </>
  );

  return (
    <ConsolePage title={t('dashboard.title')} extra={extra}>
      {dashboard.error ? <Alert type="error" showIcon title={dashboard.error.message} /> : null}
      {!data ? (
        dashboard.isPending ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : null
      ) : (
        <Flex vertical gap={16} aria-busy={dashboard.isFetching}>
          <Typography.Text type="secondary">
            {t('span', {
              from: longDate(data.from, lang),
              to: longDate(data.to, lang),
              zone: data.timeZone,
              time: formatTime(data.generatedAt, lang),
            })}
          </Typography.Text>
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={12}>
              <FiguresCard title={t('today')} figures={data.today} />
            </Col>
            <Col xs={24} xl={12}>
              <FiguresCard title={t('period.title', { count: data.days.length })} figures={data.period} />
            </Col>
          </Row>
          <DashboardCharts days={data.days} />
          <RevenueTable period={data.period} />
          <EnginesTable engines={data.engines} />
          <EngineTasksTable byEngine={data.byEngine} />
        </Flex>
      )}
    </ConsolePage>
  );
}
