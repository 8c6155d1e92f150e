import type { TableColumnsType } from 'antd';
import type { LedgerEntry } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { useUserLedger } from '../../api/list-user-ledger.ts';
import { formatTime } from '../../lib/format.ts';
import { planTime } from './duration.ts';
import { PagedTable } from './paged-table.tsx';

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

/** Every change of the account's balance, newest first. */
export function UserLedgerTable({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation('admin-users');
  const ledger = useUserLedger(userId);
  const none = t('users.none');
  const columns: TableColumnsType<LedgerEntry> = [
    { key: 'time', title: t('users.ledger.time'), render: (_, e) => formatTime(e.createdAt, i18n.language) },
    { key: 'kind', title: t('users.ledger.kind'), render: (_, e) => t(`users.ledger.kinds.${e.kind}`) },
    {
      key: 'cubes',
      title: t('users.ledger.cubes'),
      align: 'right',
      render: (_, e) => (e.cubes === 0 ? none : <span className="admin-users__number">{signed(e.cubes)}</span>),
    },
    {
      key: 'plan',
      title: t('users.ledger.plan'),
      render: (_, e) => (e.planSeconds === 0 ? none : planTime(e.planSeconds, t, true)),
    },
    {
      key: 'note',
      title: t('users.ledger.note'),
      render: (_, e) => <span className="admin-users__note">{e.note || none}</span>,
    },
  ];
  return (
    <PagedTable<LedgerEntry>
      label={t('users.tabs.ledger')}
      query={ledger}
      columns={columns}
      empty={t('users.ledger.empty')}
      testId="user-ledger"
    />
  );
}
