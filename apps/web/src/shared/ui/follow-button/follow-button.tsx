import { Button } from 'antd';
import { CheckOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useFollowUser } from '../../api/follow-user.ts';
import { useRequireLogin } from '../../session/use-require-login.ts';
import { toast } from '../toast.ts';
import { followErrorMessage } from './follow-error.ts';

interface Props {
  userId: string;
  nickname: string;
  following: boolean;
  size?: 'small' | 'middle' | 'large';
}

/** Follow / Following for another user; a visitor goes through login and comes back here. */
export function FollowButton({ userId, nickname, following, size = 'middle' }: Props) {
  const { t } = useTranslation();
  const requireLogin = useRequireLogin();
  const follow = useFollowUser((action, err) => {
    const message = followErrorMessage(err, action, t);
    if (message) toast.error(message);
  });

  return (
    <Button
      size={size}
      type={following ? 'default' : 'primary'}
      icon={following ? <CheckOutlined /> : <PlusOutlined />}
      loading={follow.isPending}
      // The visible word first, so the spoken name contains it; the name tells rows of a list apart.
      aria-label={t(following ? 'follow.followingName' : 'follow.followName', { name: nickname })}
      title={following ? t('follow.unfollowHint') : undefined}
      onClick={() => requireLogin() && follow.mutate({ userId, follow: !following })}
      data-testid="follow-button"
    >
      {following ? t('follow.following') : t('follow.follow')}
    </Button>
  );
}
