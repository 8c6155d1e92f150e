import { Drawer, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFollowers } from '../api/list-followers.ts';
import { useFollowing } from '../api/list-following.ts';
import { FollowList } from './follow-list.tsx';

export type FollowTab = 'followers' | 'following';

interface Props {
  userId: string;
  nickname: string;
  viewerId: string | null;
  tab: FollowTab | null;
  onTab(tab: FollowTab): void;
  onClose(): void;
}

/** A user's followers and following, in a drawer opened from the header's counts. */
export function FollowDrawer({ userId, nickname, viewerId, tab, onTab, onClose }: Props) {
  const { t } = useTranslation('own');
  const followers = useFollowers(userId, tab === 'followers');
  const following = useFollowing(userId, tab === 'following');
  return (
    <Drawer
      open={tab !== null}
      onClose={onClose}
      title={t('people.title', { name: nickname })}
      size={420}
      destroyOnHidden
    >
      <Tabs
        activeKey={tab ?? 'followers'}
        onChange={(key) => onTab(key as FollowTab)}
        items={[
          {
            key: 'followers',
            label: t('stats.followers'),
            children: (
              <FollowList
                query={followers}
                viewerId={viewerId}
                emptyText={t('people.noFollowers')}
                testId="own-followers"
              />
            ),
          },
          {
            key: 'following',
            label: t('stats.following'),
            children: (
              <FollowList
                query={following}
                viewerId={viewerId}
                emptyText={t('people.noFollowing')}
                testId="own-following"
              />
            ),
          },
        ]}
      />
    </Drawer>
  );
}
