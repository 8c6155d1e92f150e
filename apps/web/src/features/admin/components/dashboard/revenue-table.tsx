import { Card, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { DashboardFigures } from '@turing/contract';
import { formatMoney } from '../../lib/format.ts';
import { byCurrency, formatCount } from './format.ts';
import { EmptyText } from './empty-text.tsx';
import { useProviderName } from './provider-name.ts';

interface Line {
  key: string;
  currency: string;
  provider: string | null;
  paid: number;
  revenue: number;
  refunded: number;
  refunds: number;
}

/** The period's money by currency and provider: paid, refunded, and what stays. */
export function RevenueTable({ period }: { period: DashboardFigures }) {
  const { t, i18n } = useTranslation('admin-dashboard');
  const lang = i18n.language;
  const providerName = useProviderName();
  const lines = new Map<string, Line>();
  const lineOf = (currency: string, provider: string) => {
    const key = `${currency}:${provider}`;
    let line = lines.get(key);
    if (!line) lines.set(key, (line = { key, currency, provider, paid: 0, revenue: 0, refunded: 0, refunds: 0 }));
    return line;
  };
  for (const m of period.revenue) Object.assign(lineOf(m.currency, m.provider), { paid: m.orders, revenue: m.amount });
  for (const m of period.refunds)
    Object.assign(lineOf(m.currency, m.provider), { refunded: m.orders, refunds: m.amount });
  const rows = [...lines.values()].sort(
    (a, b) => a.currency.localeCompare(b.currency) || (a.provider ?? '').localeCompare(b.provider ?? ''),
  );
  const refundsBy = new Map(byCurrency(period.refunds).map((r) => [r.currency, r]));
  const totals: Line[] = byCurrency(period.revenue).map((r) => ({
    key: `${r.currency}:all`,
    currency: r.currency,
    provider: null,
    paid: r.orders,
    revenue: r.amount,
    refunded: refundsBy.get(r.currency)?.orders ?? 0,
    refunds: refundsBy.get(r.currency)?.amount ?? 0,
  }));
  for (const [currency, r] of refundsBy) {
    if (!totals.some((x) => x.currency === currency))
      totals.push({
        key: `${currency}:all`,
        currency,
        provider: null,
        paid: 0,
        revenue: 0,
        refunded: r.orders,
        refunds: r.amount,
      });
  }

  const money = (minor: number, line: Line) => formatMoney(minor, line.currency, lang);
  const columns: ColumnsType<Line> = [
    { key: 'currency', title: t('revenue.currency'), dataIndex: 'currency' },
    {
      key: 'provider',
      title: t('revenue.provider'),
      render: (_, line) => (line.provider ? providerName(line.provider) : <strong>{t('revenue.all')}</strong>),
    },
    { key: 'paid', title: t('revenue.paid'), align: 'right', render: (_, l) => formatCount(l.paid, lang) },
    { key: 'revenue', title: t('revenue.revenue'), align: 'right', render: (_, l) => money(l.revenue, l) },
    { key: 'refunded', title: t('revenue.refunded'), align: 'right', render: (_, l) => formatCount(l.refunded, lang) },
    { key: 'refunds', title: t('revenue.refunds'), align: 'right', render: (_, l) => money(l.refunds, l) },
    { key: 'net', title: t('revenue.net'), align: 'right', render: (_, l) => money(l.revenue - l.refunds, l) },
  ];

  return (
    <Card
      size="small"
      className="dashboard-card"
      title={
        <Typography.Title level={2} className="dashboard-card__title">
          {t('revenue.title')}
        </Typography.Title>
      }
    >
      <Table<Line>
        size="small"
        rowKey="key"
        columns={columns}
        dataSource={rows.length ? [...rows, ...totals] : []}
        pagination={false}
        locale={{ emptyText: <EmptyText>{t('revenue.empty')}</EmptyText> }}
        rowClassName={(line) => (line.provider ? '' : 'dashboard-table__total')}
      />
    </Card>
  );
}
