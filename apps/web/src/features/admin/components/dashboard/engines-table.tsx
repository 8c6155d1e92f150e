import { Card, Flex, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { DashboardEngine } from '@turing/contract';
import { formatTime } from '../../lib/format.ts';
import { formatCount } from './format.ts';
import { EmptyText } from './empty-text.tsx';

type Server = DashboardEngine['servers'][number] & { engine: string };

const STATE_COLOR = { up: 'success', draining: 'warning', down: 'error' } as const;

/** The configured engines as checked now, their servers' states and queues, and the tasks waiting. */
export function EnginesTable({ engines }: { engines: DashboardEngine[] }) {
  const { t, i18n } = useTranslation('admin-dashboard');
  const lang = i18n.language;
  const count = (n: number) => formatCount(n, lang);
  const stateTag = (state: keyof typeof STATE_COLOR) => (
    <Tag color={STATE_COLOR[state]}>{t(`engines.states.${state}`)}</Tag>
  );

  const engineColumns: ColumnsType<DashboardEngine> = [
    {
      key: 'name',
      title: t('engines.engine'),
      render: (_, e) => (
        <Flex gap={8} align="center" wrap>
          <span>{e.name}</span>
          {e.isDefault ? <Tag>{t('engines.default')}</Tag> : null}
        </Flex>
      ),
    },
    {
      key: 'ok',
      title: t('engines.status'),
      render: (_, e) => (
        <Flex vertical gap={4}>
          <span>
            <Tag color={e.ok ? 'success' : 'error'}>{t(e.ok ? 'engines.ok' : 'engines.unavailable')}</Tag>
          </span>
          {e.detail ? <Typography.Text type="secondary">{e.detail}</Typography.Text> : null}
        </Flex>
      ),
    },
    {
      key: 'servers',
      title: t('engines.servers'),
      render: (_, e) =>
        e.servers.length ? (
          <Flex gap={4} wrap>
            {(['up', 'draining', 'down'] as const).map((state) => {
              const n = e.servers.filter((s) => s.state === state).length;
              return n ? (
                <Tag key={state} color={STATE_COLOR[state]}>
                  {t(`engines.serverCount.${state}`, { count: n })}
                </Tag>
              ) : null;
            })}
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t('engines.noServers')}</Typography.Text>
        ),
    },
    { key: 'queued', title: t('engines.queued'), align: 'right', render: (_, e) => count(e.queued) },
    { key: 'generating', title: t('engines.generating'), align: 'right', render: (_, e) => count(e.generating) },
  ];

  const servers: Server[] = engines.flatMap((e) => e.servers.map((s) => ({ ...s, engine: e.name })));
  const serverColumns: ColumnsType<Server> = [
    { key: 'engine', title: t('engines.engine'), dataIndex: 'engine' },
    { key: 'url', title: t('engines.address'), render: (_, s) => <span className="dashboard-url">{s.url}</span> },
    { key: 'state', title: t('engines.state'), render: (_, s) => stateTag(s.state) },
    { key: 'running', title: t('engines.running'), align: 'right', render: (_, s) => count(s.running) },
    { key: 'pending', title: t('engines.pending'), align: 'right', render: (_, s) => count(s.pending) },
    { key: 'since', title: t('engines.since'), render: (_, s) => formatTime(s.since, lang) },
  ];

  return (
    <Card
      size="small"
      className="dashboard-card"
      title={
        <Typography.Title level={2} className="dashboard-card__title">
          {t('engines.title')}
        </Typography.Title>
      }
    >
      <Flex vertical gap={16}>
        <Table<DashboardEngine>
          size="small"
          rowKey="name"
          columns={engineColumns}
          dataSource={engines}
          pagination={false}
          locale={{ emptyText: <EmptyText>{t('engines.empty')}</EmptyText> }}
        />
        {servers.length ? (
          <Table<Server>
            size="small"
            rowKey={(s) => `${s.engine} ${s.url}`}
            columns={serverColumns}
            dataSource={servers}
            pagination={false}
            aria-label={t('engines.serversTable')}
          />
        ) : null}
      </Flex>
    </Card>
  );
}
