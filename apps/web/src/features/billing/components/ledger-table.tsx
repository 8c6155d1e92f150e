import { Button, Card, Table, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { LEDGER_CSV_PATH, LIMITS, type LedgerItem } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { useLedger } from '../api/list-ledger.ts';
import { formatDateTime, splitDuration } from '../lib/format.ts';
import { ledgerDetails } from '../lib/ledger-note.ts';
import { TableScroll } from './table-scroll.tsx';

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** Every movement of the balance, newest first, with "load more" and the CSV export. */
export function LedgerTable() {
  const { t, i18n } = useTranslation('billing');
  const ledger = useLedger();
  const rows = ledger.data?.pages.flatMap((p) => p.items) ?? [];

  const planTime = (seconds: number) =>
    seconds === 0
      ? t('none')
      : t('ledger.planDays', { sign: seconds > 0 ? '+' : '−', ...splitDuration(Math.abs(seconds)) });

  const columns: TableColumnsType<LedgerItem> = [
    { key: 'kind', title: t('ledger.kind'), render: (_, e) => t(`ledger.kinds.${e.kind}`) },
    { key: 'details', title: t('ledger.details'), render: (_, e) => ledgerDetails(e, i18n.language, t) },
    {
      key: 'cubes',
      title: t('ledger.cubes'),
      align: 'right',
      render: (_, e) => (e.cubes === 0 ? t('none') : <span className="billing__number">{signed(e.cubes)}</span>),
    },
    { key: 'plan', title: t('ledger.plan'), render: (_, e) => planTime(e.planSeconds) },
    { key: 'time', title: t('ledger.time'), render: (_, e) => formatDateTime(e.createdAt, i18n.language) },
  ];

  return (
    <Card
      title={<h2 className="billing__card-title">{t('ledger.title')}</h2>}
      extra={
        <Button icon={<DownloadOutlined />} href={`${LIMITS.apiBase}${LEDGER_CSV_PATH}`} download>
          {t('ledger.export')}
        </Button>
      }
    >
      <TableScroll label={t('ledger.title')}>
        <Table<LedgerItem>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={ledger.isPending}
          pagination={false}
          locale={{ emptyText: <span className="billing__empty">{t('ledger.empty')}</span> }}
          data-testid="ledger-table"
        />
      </TableScroll>
      {ledger.hasNextPage && (
        <div className="billing__more">
          <Button onClick={() => void ledger.fetchNextPage()} loading={ledger.isFetchingNextPage}>
            {t('more')}
          </Button>
        </div>
      )}
    </Card>
  );
}
