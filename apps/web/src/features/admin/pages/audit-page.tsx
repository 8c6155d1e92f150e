import { useState } from 'react';
import { App, Button, DatePicker, Flex, Form, Input, Table, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { adminConsoleEndpoints, type AuditEntry, type AuditQuery } from '@turing/contract';
import { useAudit } from '../api/list-audit.ts';
import { ConsolePage } from '../components/console-page.tsx';
import { ChangeView } from '../components/audit/change-view.tsx';
import '../components/audit/audit.css';
import { downloadFile } from '../lib/download.ts';
import { formatTime, midnight, type PickedDay } from '../lib/format.ts';

interface FilterForm {
  actor?: string;
  action?: string;
  target?: string;
  range?: [PickedDay, PickedDay] | null;
}

const toQuery = (f: FilterForm): AuditQuery => ({
  actor: f.actor?.trim() || undefined,
  action: f.action?.trim() || undefined,
  target: f.target?.trim() || undefined,
  from: midnight(f.range?.[0] ?? null),
  // Through the end of the last day picked.
  to: midnight(f.range?.[1] ?? null, 1),
});

/** Every admin action, who made it and what it changed: filtered, paged, exported as CSV. */
export function AuditPage() {
  const { t, i18n } = useTranslation('admin');
  const { message } = App.useApp();
  const [filter, setFilter] = useState<AuditQuery>({});
  const audit = useAudit(filter);
  const [exporting, setExporting] = useState(false);
  const rows = audit.data?.pages.flatMap((p) => p.items) ?? [];

  const exportCsv = () => {
    setExporting(true);
    downloadFile(adminConsoleEndpoints.auditExport, { ...filter }, 'audit.csv')
      .catch((err: Error) => void message.error(err.message))
      .finally(() => setExporting(false));
  };

  const columns = [
    {
      title: t('audit.time'),
      key: 'at',
      width: 150,
      render: (_: unknown, e: AuditEntry) => formatTime(e.at, i18n.language),
    },
    {
      title: t('audit.operator'),
      key: 'actor',
      render: (_: unknown, e: AuditEntry) => (
        <Flex vertical gap={2}>
          <Typography.Text strong>{e.actor.via === 'token' ? t('token') : e.actor.name}</Typography.Text>
          <span>
            <Tag>{t(`roles.${e.actor.role}`)}</Tag>
          </span>
        </Flex>
      ),
    },
    {
      title: t('audit.action'),
      key: 'action',
      render: (_: unknown, e: AuditEntry) => (
        <Flex vertical gap={2}>
          <span>{t(`actions.${e.action}`, { defaultValue: e.action })}</span>
          <Typography.Text type="secondary" className="audit__code">
            {e.action}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('audit.target'),
      key: 'target',
      render: (_: unknown, e: AuditEntry) => (
        <Flex vertical gap={2}>
          <span>{e.target.label ?? e.target.id}</span>
          <Typography.Text type="secondary" className="audit__code">
            {t(`targets.${e.target.type}`, { defaultValue: e.target.type })} · {e.target.id}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('audit.change'),
      key: 'change',
      render: (_: unknown, e: AuditEntry) => <ChangeView before={e.before} after={e.after} />,
    },
    { title: t('audit.address'), dataIndex: 'ip', key: 'ip', width: 130 },
  ];

  return (
    <ConsolePage
      title={t('audit.title')}
      extra={
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportCsv}>
          {t('audit.export')}
        </Button>
      }
    >
      <Form<FilterForm> layout="inline" onFinish={(values) => setFilter(toQuery(values))} className="audit__filters">
        <Form.Item name="actor" label={t('audit.operator')}>
          <Input allowClear placeholder={t('audit.actorPlaceholder')} style={{ width: 170 }} maxLength={120} />
        </Form.Item>
        <Form.Item name="action" label={t('audit.action')}>
          <Input allowClear placeholder={t('audit.actionPlaceholder')} style={{ width: 170 }} maxLength={120} />
        </Form.Item>
        <Form.Item name="target" label={t('audit.target')}>
          <Input allowClear placeholder={t('audit.targetPlaceholder')} style={{ width: 190 }} maxLength={120} />
        </Form.Item>
        <Form.Item name="range" label={t('audit.period')}>
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            aria-label={t('audit.period')}
            placeholder={[t('audit.from'), t('audit.to')]}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            {t('audit.filter')}
          </Button>
        </Form.Item>
      </Form>
      {audit.error ? <Typography.Text type="danger">{audit.error.message}</Typography.Text> : null}
      <Table<AuditEntry>
        rowKey="id"
        size="middle"
        loading={audit.isPending}
        dataSource={rows}
        columns={columns}
        pagination={false}
        scroll={{ x: 1000 }}
        locale={{ emptyText: t('audit.empty') }}
      />
      {audit.hasNextPage ? (
        <Flex justify="center">
          <Button loading={audit.isFetchingNextPage} onClick={() => void audit.fetchNextPage()}>
            {t('audit.more')}
          </Button>
        </Flex>
      ) : null}
    </ConsolePage>
  );
}
