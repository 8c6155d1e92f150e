import { Alert, Card, Skeleton, Statistic, Tag, Typography } from 'antd';
import { CrownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { BillingAccount } from '@turing/contract';
import { formatDateTime, splitDuration } from '../lib/format.ts';

/** What a refunded order left owing: cubes and plan time that later credits pay first. */
function DebtNotice({ account }: { account: BillingAccount }) {
  const { t } = useTranslation('billing');
  if (account.debt <= 0 && account.planDebtSeconds <= 0) return null;
  const lines = [
    account.debt > 0 ? t('balance.debt', { cubes: account.debt }) : null,
    account.planDebtSeconds > 0 ? t('balance.planDebt', splitDuration(account.planDebtSeconds)) : null,
  ].filter((line): line is string => line !== null);
  return (
    <Alert
      type="warning"
      showIcon
      className="billing-balance__debt"
      data-testid="balance-debt"
      title={t('balance.debtTitle')}
      description={
        <>
          {lines.map((line) => (
            <div key={line}>
              <Typography.Text strong>{line}</Typography.Text>
            </div>
          ))}
          <Typography.Text type="secondary">{t('balance.debtHelp')}</Typography.Text>
        </>
      }
    />
  );
}

/** Cubes, the running plan's time left with its end, the VIP state it gives, and any debt. */
export function BalanceCard({ account }: { account: BillingAccount | undefined }) {
  const { t, i18n } = useTranslation('billing');
  const left = account ? splitDuration(account.planSecondsLeft) : null;
  return (
    <Card title={<h2 className="billing__card-title">{t('balance.title')}</h2>} data-testid="balance-card">
      {account && <DebtNotice account={account} />}
      {!account || !left ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <div className="billing-balance">
          <Statistic title={t('balance.cubes')} value={account.cubes} data-testid="balance-cubes" />
          <div>
            <Statistic
              title={t('balance.plan')}
              value={account.planUntil ? t('balance.planLeft', left) : t('balance.noPlan')}
              data-testid="balance-plan"
            />
            {account.planUntil && (
              <Typography.Text type="secondary">
                {t('balance.planUntil', { date: formatDateTime(account.planUntil, i18n.language) })}
              </Typography.Text>
            )}
          </div>
          <Statistic
            title={t('balance.membership')}
            data-testid="balance-vip"
            valueRender={() =>
              account.isVip ? (
                <div className="billing-balance__vip">
                  <Tag color="gold" icon={<CrownOutlined />}>
                    {t('balance.vip')}
                  </Tag>
                  <Typography.Text type="secondary">{t('balance.vipActive')}</Typography.Text>
                </div>
              ) : (
                <Tag>{t('balance.regular')}</Tag>
              )
            }
          />
        </div>
      )}
    </Card>
  );
}
