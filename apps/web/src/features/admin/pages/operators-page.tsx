import { App, Button, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { OPERATOR_ROLES, type OperatorSummary } from '@turing/contract';
import { useGrantOperator } from '../api/grant-operator.ts';
import { useOperatorMe } from '../api/get-operator-me.ts';
import { useOperators } from '../api/list-operators.ts';
import { useResetOperator } from '../api/reset-operator.ts';
import { useRevokeOperator } from '../api/revoke-operator.ts';
import { ConsolePage } from '../components/console-page.tsx';
import { AddOperator } from '../components/operators/add-operator.tsx';
import { formatTime } from '../lib/format.ts';

/** Owners grant, change and end the other operators' roles, and reset a lost authenticator. */
export function OperatorsPage() {
  const { t, i18n } = useTranslation('admin');
  const { message, modal } = App.useApp();
  const operators = useOperators();
  const me = useOperatorMe();
  const grant = useGrantOperator();
  const revoke = useRevokeOperator();
  const reset = useResetOperator();

  const columns = [
    {
      title: t('operators.account'),
      key: 'account',
      render: (_: unknown, o: OperatorSummary) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>
            {o.username} {o.userId === me.data?.user?.id ? <Tag>{t('operators.you')}</Tag> : null}
          </Typography.Text>
          {o.contact ? <Typography.Text type="secondary">{o.contact}</Typography.Text> : null}
        </Space>
      ),
    },
    {
      title: t('operators.role'),
      key: 'role',
      render: (_: unknown, o: OperatorSummary) => (
        <Select
          aria-label={t('operators.roleOf', { name: o.username })}
          value={o.role}
          style={{ width: 140 }}
          disabled={grant.isPending}
          options={OPERATOR_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
          onChange={(role) =>
            modal.confirm({
              title: t('operators.changeConfirm', { name: o.username, role: t(`roles.${role}`) }),
              okText: t('operators.change'),
              cancelText: t('cancel'),
              onOk: () =>
                grant.mutateAsync({ user: o.userId, role }).then(
                  () => void message.success(t('operators.changed', { name: o.username })),
                  () => undefined,
                ),
            })
          }
        />
      ),
    },
    {
      title: t('operators.secondFactor'),
      key: 'secondFactor',
      render: (_: unknown, o: OperatorSummary) =>
        o.secondFactor ? <Tag color="green">{t('operators.enrolled')}</Tag> : <Tag>{t('operators.notEnrolled')}</Tag>,
    },
    { title: t('operators.grantedBy'), dataIndex: 'grantedBy', key: 'grantedBy' },
    {
      title: t('operators.since'),
      key: 'since',
      render: (_: unknown, o: OperatorSummary) => formatTime(o.createdAt, i18n.language),
    },
    {
      title: t('operators.actions'),
      key: 'actions',
      render: (_: unknown, o: OperatorSummary) => (
        <Space wrap>
          <Popconfirm
            title={t('operators.resetConfirm', { name: o.username })}
            okText={t('operators.reset')}
            cancelText={t('cancel')}
            disabled={!o.secondFactor}
            onConfirm={() =>
              reset.mutateAsync({ user: o.userId }).then(
                () => void message.success(t('operators.resetDone', { name: o.username })),
                () => undefined,
              )
            }
          >
            <Button size="small" disabled={!o.secondFactor}>
              {t('operators.reset')}
            </Button>
          </Popconfirm>
          <Popconfirm
            title={t('operators.revokeConfirm', { name: o.username })}
            okText={t('operators.revoke')}
            okButtonProps={{ danger: true }}
            cancelText={t('cancel')}
            onConfirm={() =>
              revoke.mutateAsync({ user: o.userId }).then(
                () => void message.success(t('operators.revoked', { name: o.username })),
                () => undefined,
              )
            }
          >
            <Button size="small" danger>
              {t('operators.revoke')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <ConsolePage title={t('operators.title')}>
      <Typography.Paragraph type="secondary">{t('operators.intro')}</Typography.Paragraph>
      <AddOperator />
      <Table<OperatorSummary>
        rowKey="userId"
        loading={operators.isPending}
        dataSource={operators.data ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 900 }}
      />
    </ConsolePage>
  );
}
