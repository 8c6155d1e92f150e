import { Button, Descriptions, Flex, Tag, Typography, type DescriptionsProps } from 'antd';
import type { AdminUserDetail } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../lib/format.ts';
import { planTime } from './duration.ts';

/** Who the account is, what it holds (debt included) and how much it has done. */
export function UserSummary({ detail, onOpen }: { detail: AdminUserDetail; onOpen: (userId: string) => void }) {
  const { t, i18n } = useTranslation(['admin-users', 'admin']);
  const { user, balance, counts } = detail;
  const time = (iso: string) => formatTime(iso, i18n.language);
  const none = t('users.none');

  const profile: DescriptionsProps['items'] = [
    { key: 'id', label: t('users.detail.id'), children: <Typography.Text copyable>{user.id}</Typography.Text> },
    { key: 'nickname', label: t('users.columns.user'), children: `${user.username} · ${user.nickname}` },
    { key: 'email', label: t('users.detail.email'), children: user.email ?? none },
    { key: 'phone', label: t('users.detail.phone'), children: user.phone ?? none },
    { key: 'created', label: t('users.detail.created'), children: time(user.createdAt) },
    {
      key: 'lastSignIn',
      label: t('users.detail.lastSignIn'),
      children: user.lastSignInAt ? time(user.lastSignInAt) : t('users.detail.unknown'),
    },
    {
      key: 'invitedBy',
      label: t('users.detail.invitedBy'),
      children: user.invitedBy ? (
        <Button type="link" className="admin-users__open" onClick={() => onOpen(user.invitedBy!.id)}>
          {user.invitedBy.username}
        </Button>
      ) : (
        none
      ),
    },
    {
      key: 'occupation',
      label: t('users.detail.occupation'),
      children: t(`users.occupations.${user.occupation}`, { defaultValue: user.occupation }),
    },
    {
      key: 'wechat',
      label: t('users.detail.wechat'),
      children: user.wechatBound ? t('users.detail.bound') : t('users.detail.notBound'),
    },
  ];

  const money: DescriptionsProps['items'] = [
    {
      key: 'cubes',
      label: t('users.detail.cubes'),
      children: <span className="admin-users__number">{balance.cubes}</span>,
    },
    {
      key: 'debt',
      label: t('users.detail.debt'),
      children:
        balance.debt > 0 ? (
          <Typography.Text type="danger" strong data-testid="user-debt">
            {t('users.detail.debtCubes', { count: balance.debt })}
          </Typography.Text>
        ) : (
          t('users.detail.noDebt')
        ),
    },
    {
      key: 'plan',
      label: t('users.detail.planUntil'),
      children: balance.planUntil ? time(balance.planUntil) : t('users.detail.noPlan'),
    },
    ...(balance.planDebtSeconds > 0
      ? [{ key: 'planDebt', label: t('users.detail.planDebt'), children: planTime(balance.planDebtSeconds, t) }]
      : []),
  ];

  const activity: DescriptionsProps['items'] = [
    { key: 'tasks', label: t('users.detail.tasks'), children: counts.tasks },
    { key: 'works', label: t('users.detail.works'), children: counts.works },
    { key: 'orders', label: t('users.detail.orders'), children: counts.orders },
    { key: 'openReports', label: t('users.detail.openReports'), children: counts.openReports },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap align="center">
        {user.suspendedAt ? (
          <Tag color="error">{t('users.detail.suspendedSince', { time: time(user.suspendedAt) })}</Tag>
        ) : (
          <Tag color="success">{t('users.status.active')}</Tag>
        )}
        {user.operatorRole ? (
          <Tag color="processing">{t('users.detail.operator', { role: t(`admin:roles.${user.operatorRole}`) })}</Tag>
        ) : null}
        {user.isVip ? <Tag color="warning">{t('users.detail.vip')}</Tag> : null}
        {detail.contactsMasked ? (
          <Typography.Text type="secondary">{t('users.detail.maskedNote')}</Typography.Text>
        ) : null}
      </Flex>
      <Descriptions title={t('users.detail.profile')} size="small" bordered column={2} items={profile} />
      <Descriptions
        title={t('users.detail.balance')}
        size="small"
        bordered
        column={2}
        items={money}
        data-testid="user-balance"
      />
      <Descriptions title={t('users.detail.counts')} size="small" bordered column={4} items={activity} />
    </Flex>
  );
}
