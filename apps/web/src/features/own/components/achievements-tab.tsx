import { Alert, Button, Progress, Skeleton } from 'antd';
import {
  CrownOutlined,
  EditOutlined,
  HeartOutlined,
  LockOutlined,
  RocketOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { AchievementCode } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { useAchievements } from '../api/get-achievements.ts';
import { useFormatDate } from '../lib/use-format-date.ts';

const ICONS: Record<AchievementCode, React.ReactNode> = {
  first_generation: <EditOutlined />,
  first_publication: <RocketOutlined />,
  likes_10: <HeartOutlined />,
  likes_100: <CrownOutlined />,
  followers_10: <TeamOutlined />,
  followers_100: <CrownOutlined />,
};

/** Badge cards: unlocked ones with their date, locked ones with the progress towards them. */
export function AchievementsTab({ userId }: { userId: string }) {
  const { t } = useTranslation('own');
  const date = useFormatDate();
  const { data, isPending, isError, error, refetch } = useAchievements(userId);

  if (isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('achievements.loadFailed')}
        description={error.message}
        action={<Button onClick={() => void refetch()}>{t('retry')}</Button>}
      />
    );
  }
  return (
    <ul className="own-badges" data-testid="own-achievements">
      {data.map((a) => {
        const name = t(`achievements.items.${a.code}.name`);
        return (
          <li
            key={a.code}
            className={`own-badge${a.unlocked ? ' own-badge--unlocked' : ''}`}
            data-testid={`achievement-${a.code}`}
            data-unlocked={a.unlocked}
          >
            <div className="own-badge__icon" aria-hidden="true">
              {a.unlocked ? ICONS[a.code] : <LockOutlined />}
            </div>
            <div className="own-badge__body">
              <h3 className="own-badge__name">{name}</h3>
              <p className="own-badge__text">{t(`achievements.items.${a.code}.description`, { goal: a.goal })}</p>
              {a.unlocked ? (
                <p className="own-badge__status">
                  {a.unlockedAt
                    ? t('achievements.unlockedOn', { date: date(a.unlockedAt) })
                    : t('achievements.unlocked')}
                </p>
              ) : (
                <>
                  <Progress
                    percent={Math.min(100, Math.floor((a.progress / Math.max(1, a.goal)) * 100))}
                    showInfo={false}
                    strokeColor="var(--ant-color-primary)"
                    size="small"
                    aria-label={t('achievements.progressOf', { name })}
                  />
                  <p className="own-badge__status">
                    {t('achievements.progress', { progress: Math.min(a.progress, a.goal), goal: a.goal })}
                  </p>
                </>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
