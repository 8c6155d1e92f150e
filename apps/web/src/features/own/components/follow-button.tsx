import { Button } from 'antd';
import { CheckOutlined, PlusOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../../shared/routes/paths.ts';
import { useLoginStore } from '../../../shared/session/login-store.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { useSubscribeUser } from '../api/subscribe-user.ts';
import { useUnsubscribeUser } from '../api/unsubscribe-user.ts';
import { followErrorMessage } from '../lib/follow-error.ts';

interface Props {
  userId: string;
  nickname: string;
  following: boolean;
  size?: 'small' | 'middle' | 'large';
}

/** Follow / Following for another user; a visitor goes through login and comes back here. */
export function FollowButton({ userId, nickname, following, size = 'middle' }: Props) {
  const { t } = useTranslation('own');
  const loggedIn = useLoginStore((s) => s.loginState);
  const navigate = useNavigate();
  const location = useLocation();
  const subscribe = useSubscribeUser();
  const unsubscribe = useUnsubscribeUser();
  const busy = subscribe.isPending || unsubscribe.isPending;

  const onClick = () => {
    if (!loggedIn) {
      const back = `${location.pathname}${location.search}`;
      void navigate(`${PATHS.login}?redirect=${encodeURIComponent(back)}`);
      return;
    }
    const action = following ? 'unfollow' : 'follow';
    const mutation = following ? unsubscribe : subscribe;
    mutation.mutate(userId, {
      onError: (err) => {
        const message = followErrorMessage(err, action, t);
        if (message) toast.error(message);
      },
    });
  };

  return (
    <Button
      size={size}
      type={following ? 'default' : 'primary'}
      icon={following ? <CheckOutlined /> : <PlusOutlined />}
      loading={busy}
      // The visible word first, so the spoken name contains it; the name tells rows of a list apart.
      aria-label={t(following ? 'follow.followingName' : 'follow.followName', { name: nickname })}
      title={following ? t('follow.unfollowHint') : undefined}
      onClick={onClick}
      data-testid="follow-button"
    >
      {following ? t('follow.following') : t('follow.follow')}
    </Button>
  );
}
