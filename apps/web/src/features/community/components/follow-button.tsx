import { Button } from 'antd';
import { CheckOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useFollow } from '../api/follow.ts';
import { useRequireLogin } from '../hooks/use-require-login.ts';
import { toastFailure } from '../lib/failure.ts';

interface Props {
  userId: string;
  nickname: string;
  following: boolean;
  size?: 'small' | 'middle';
}

/** Follow / Following; a visitor is sent to log in first and comes back here. */
export function FollowButton({ userId, nickname, following, size = 'middle' }: Props) {
  const { t } = useTranslation('community');
  const requireLogin = useRequireLogin();
  const follow = useFollow((action, err) => toastFailure(t, action, err));
  const label = following ? t('follow.following') : t('follow.follow');
  return (
    <Button
      size={size}
      type={following ? 'default' : 'primary'}
      icon={following ? <CheckOutlined /> : <PlusOutlined />}
      loading={follow.isPending}
      aria-pressed={following}
      title={following ? t('follow.unfollowName', { name: nickname }) : t('follow.followName', { name: nickname })}
      data-testid="follow-button"
      onClick={() => requireLogin() && follow.mutate({ userId, follow: !following })}
    >
      {label}
    </Button>
  );
}
