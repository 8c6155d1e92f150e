import { Col } from 'antd';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { DashboardDay } from '@turing/contract';
import { formatMoney } from '../../lib/format.ts';
import { ChartFrame, useChartTheme } from './chart-frame.tsx';
import { formatCompactMoney, longDate, shortDate } from './format.ts';
import { useProviderName } from './provider-name.ts';

const REFUNDS = '__refunds';

/** Revenue by provider and refunds, day by day: one chart per currency (yuan and dollars never add up). */
export function RevenueCharts({ days }: { days: DashboardDay[] }) {
  const { t, i18n } = useTranslation('admin-dashboard');
  const lang = i18n.language;
  const c = useChartTheme();
  const providerName = useProviderName();
  const currencies = [...new Set(days.flatMap((d) => [...d.revenue, ...d.refunds].map((m) => m.currency)))].sort();

  return currencies.map((currency) => {
    const providers = [
      ...new Set(days.flatMap((d) => d.revenue.filter((m) => m.currency === currency).map((m) => m.provider))),
    ].sort();
    const rows = days.map((d) => {
      const row: Record<string, string | number> = { date: d.date };
      for (const p of providers) {
        row[p] = d.revenue.find((m) => m.currency === currency && m.provider === p)?.amount ?? 0;
      }
      row[REFUNDS] = d.refunds.filter((m) => m.currency === currency).reduce((n, m) => n + m.amount, 0);
      return row;
    });
    const caption = t('charts.revenue', { currency });
    return (
      <Col key={currency} xs={24} xl={12} data-chart={`revenue-${currency}`}>
        <ChartFrame caption={caption}>
          <BarChart data={rows} title={caption}>
            <CartesianGrid stroke={c.grid} strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="date" tickFormatter={shortDate} stroke={c.axis.stroke} tick={c.axis.tick} minTickGap={12} />
            <YAxis
              stroke={c.axis.stroke}
              tick={c.axis.tick}
              width={64}
              tickFormatter={(v: number) => formatCompactMoney(v, currency, lang)}
            />
            <Tooltip
              {...c.tooltip}
              labelFormatter={(date) => longDate(String(date), lang)}
              formatter={(value) => formatMoney(Number(value), currency, lang)}
            />
            <Legend formatter={c.legendText} itemSorter={null} />
            {providers.map((p, i) => (
              <Bar
                key={p}
                dataKey={p}
                stackId="revenue"
                name={providerName(p)}
                fill={c.providerColors[i % c.providerColors.length]}
                isAnimationActive={c.animate}
                maxBarSize={32}
              />
            ))}
            <Bar
              dataKey={REFUNDS}
              name={t('series.refunds')}
              fill={c.series.error}
              isAnimationActive={c.animate}
              maxBarSize={32}
            />
          </BarChart>
        </ChartFrame>
      </Col>
    );
  });
}
