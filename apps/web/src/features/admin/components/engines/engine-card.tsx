import { Card, Flex, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { AdminEngine, EngineServer } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../lib/format.ts';
import { relativeTime } from './relative-time.ts';
import { ServerActions } from './server-actions.tsx';
import './engines.css';

const STATE_COLOR = { up: 'success', draining: 'warning', down: 'error' } as const;

/** One engine: its models and health, and a row per server with its state, queue and actions. */
export function EngineCard({ engine, now, canDrain }: { engine: AdminEngine; now: number; canDrain: boolean }) {
  const { t, i18n } = useTranslation('admin-engines');
  const lang = i18n.language;
  const ago = (iso: string) => (
    <time dateTime={iso} title={formatTime(iso, lang)}>
      {relativeTime(iso, now, lang)}
    </time>
  );

  const columns: ColumnsType<EngineServer> = [
    {
      key: 'url',
      title: t('engines.columns.url'),
      width: 260,
      render: (_, s) => <span className="engines-url">{s.url}</span>,
    },
    {
      key: 'state',
      title: t('engines.columns.state'),
      render: (_, s) => (
        <Flex vertical gap={4} align="flex-start">
          <Tag color={STATE_COLOR[s.state]}>{t(`engines.states.${s.state}`)}</Tag>
          {s.drainedBy && s.drainedAt ? (
            <Typography.Text type="secondary">
              {t('engines.drainedBy', { name: s.drainedBy, time: relativeTime(s.drainedAt, now, lang) })}
            </Typography.Text>
          ) : s.state !== 'up' && s.detail ? (
            <Typography.Text type="secondary" className="engines-error">
              {s.detail}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    { key: 'running', title: t('engines.columns.running'), align: 'right', dataIndex: 'running' },
    { key: 'pending', title: t('engines.columns.pending'), align: 'right', dataIndex: 'pending' },
    { key: 'done', title: t('engines.columns.done'), align: 'right', dataIndex: 'done' },
    {
      key: 'lastError',
      title: t('engines.columns.lastError'),
      render: (_, s) => <span className="engines-error">{s.lastError ?? '—'}</span>,
    },
    { key: 'since', title: t('engines.columns.since'), render: (_, s) => ago(s.since) },
    ...(canDrain
      ? [
          {
            key: 'actions',
            title: t('engines.columns.actions'),
            render: (_: unknown, s: EngineServer) => <ServerActions server={s} />,
          },
        ]
      : []),
  ];

  const title = (
    <Flex gap={8} align="center" wrap>
      <Typography.Title level={2} className="engines-card__title">
        {engine.name}
      </Typography.Title>
      {engine.isDefault ? <Tag>{t('engines.default')}</Tag> : null}
      <Tag color={engine.ok ? 'success' : 'error'}>{t(engine.ok ? 'engines.ok' : 'engines.notOk')}</Tag>
    </Flex>
  );

  return (
    <Card size="small" className="engines-card" title={title}>
      <Flex vertical gap={12}>
        <Typography.Text>
          {t('engines.models')}: {engine.models.length ? engine.models.join(', ') : t('engines.noModels')}
        </Typography.Text>
        {/* A fleet's detail repeats what its server rows say; an engine without servers has only this. */}
        {engine.detail && engine.servers.length === 0 ? (
          <Typography.Text type="secondary">{engine.detail}</Typography.Text>
        ) : null}
        {engine.servers.length ? (
          <Table<EngineServer>
            rowKey="url"
            size="small"
            dataSource={engine.servers}
            columns={columns}
            pagination={false}
            scroll={{ x: 960 }}
          />
        ) : (
          <Typography.Text type="secondary">{t('engines.noServers')}</Typography.Text>
        )}
      </Flex>
    </Card>
  );
}
