import { Button, Typography } from 'antd';
import { CalendarOutlined, EditOutlined, IdcardOutlined } from '@ant-design/icons';
import type { UserHome } from '@turing/contract';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../../shared/routes/paths.ts';
import { useFormatCount, useFormatDate } from '../lib/use-format-date.ts';
import { FollowButton } from '../../../shared/ui/follow-button/follow-button.tsx';
import type { FollowTab } from './follow-drawer.tsx';
import { UserAvatar } from '../../../shared/ui/user-avatar/user-avatar.tsx';

interface Props {
  home: UserHome;
  onOpenPeople(tab: FollowTab): void;
}

/** Who the user is and what they have done: avatar, words about them, counts and the main action. */
export function ProfileHeader({ home, onOpenPeople }: Props) {
  const { t, i18n } = useTranslation('own');
  const navigate = useNavigate();
  const date = useFormatDate();
  const count = useFormatCount();
  const occupation = home.occupation
    ? i18n.exists(`auth:occupations.${home.occupation}`)
      ? t(`auth:occupations.${home.occupation}`)
      : home.occupation
    : null;

  const stat = (key: 'works' | 'followers' | 'following' | 'likesReceived', value: number, tab?: FollowTab) => {
    const body = (
      <>
        <span className="own-stat__value">{count(value)}</span>
        <span className="own-stat__label">{t(`stats.${key}`)}</span>
      </>
    );
    return (
      <li key={key} className="own-stat" data-testid={`own-stat-${key}`} data-value={value}>
        {tab ? (
          <button type="button" className="own-stat__button" onClick={() => onOpenPeople(tab)}>
            {body}
          </button>
        ) : (
          body
        )}
      </li>
    );
  };

  return (
    <header className="own-header">
      <UserAvatar
        className="own-header__avatar"
        url={home.avatarUrl}
        name={home.nickname}
        size={96}
        alt={t('avatarOf', { name: home.nickname })}
      />
      <div className="own-header__main">
        <div className="own-header__title-row">
          <Typography.Title level={1} className="own-header__name" data-testid="own-nickname">
            {home.nickname}
          </Typography.Title>
          {home.isSelf ? (
            <Button icon={<EditOutlined />} onClick={() => void navigate(PATHS.profile)}>
              {t('editProfile')}
            </Button>
          ) : (
            <FollowButton userId={home.id} nickname={home.nickname} following={home.followedByMe} />
          )}
        </div>
        <p className={`own-header__signature${home.signature ? '' : ' own-header__signature--empty'}`}>
          {home.signature || t('noSignature')}
        </p>
        <p className="own-header__facts">
          {occupation ? (
            <span>
              <IdcardOutlined aria-hidden /> {occupation}
            </span>
          ) : null}
          <span>
            <CalendarOutlined aria-hidden /> {t('joined', { date: date(home.joinedAt) })}
          </span>
        </p>
        <ul className="own-stats" aria-label={t('stats.title')}>
          {stat('works', home.works)}
          {stat('followers', home.followers, 'followers')}
          {stat('following', home.following, 'following')}
          {stat('likesReceived', home.likesReceived)}
        </ul>
      </div>
    </header>
  );
}
