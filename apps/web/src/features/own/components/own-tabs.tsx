import { Empty, Tabs, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCollected } from '../api/list-collected.ts';
import { useLiked } from '../api/list-liked.ts';
import { useUserWorks } from '../api/list-user-works.ts';
import { AchievementsTab } from './achievements-tab.tsx';
import { WorkGrid } from './work-grid.tsx';

type TabKey = 'works' | 'collection' | 'likes' | 'achievements';

/**
 * The tab the address names: `selectedCollection=true` is the spec's link to the collection. Likes
 * are the owner's alone, so on anyone else's page their address opens the works instead.
 */
function tabFromQuery(params: URLSearchParams, isSelf: boolean): TabKey {
  if (params.get('selectedCollection') === 'true') return 'collection';
  const tab = params.get('tab');
  if (tab === 'likes' && isSelf) return 'likes';
  return tab === 'achievements' ? 'achievements' : 'works';
}

function WorksPanel({ userId, isSelf }: { userId: string; isSelf: boolean }) {
  const { t } = useTranslation('own');
  const query = useUserWorks(userId);
  return (
    <WorkGrid
      query={query}
      testId="own-works"
      empty={<Empty description={isSelf ? t('works.emptySelf') : t('works.empty')} />}
    />
  );
}

function CollectionPanel({ userId, isSelf }: { userId: string; isSelf: boolean }) {
  const { t } = useTranslation('own');
  const query = useCollected(userId);
  return (
    <WorkGrid
      query={query}
      testId="own-collection"
      showCreator
      empty={<Empty description={isSelf ? t('collection.emptySelf') : t('collection.empty')} />}
    />
  );
}

/** The owner's likes: other people's works, so each card names its creator. */
function LikesPanel({ userId }: { userId: string }) {
  const { t } = useTranslation('own');
  const query = useLiked(userId);
  return (
    <>
      <Typography.Paragraph type="secondary" className="own-tabs__note">
        <LockOutlined aria-hidden /> {t('likes.private')}
      </Typography.Paragraph>
      <WorkGrid query={query} testId="own-likes" showCreator empty={<Empty description={t('likes.empty')} />} />
    </>
  );
}

/**
 * Works, collection, the owner's likes and achievements; switching tabs rewrites the address so it
 * can be shared.
 */
export function OwnTabs({ userId, isSelf }: { userId: string; isSelf: boolean }) {
  const { t } = useTranslation('own');
  const [params, setParams] = useSearchParams();
  const active = tabFromQuery(params, isSelf);

  const select = (key: string) => {
    const next = new URLSearchParams(params);
    next.delete('selectedCollection');
    next.delete('tab');
    if (key === 'collection') next.set('selectedCollection', 'true');
    if (key === 'achievements' || key === 'likes') next.set('tab', key);
    setParams(next, { replace: true });
  };

  return (
    <Tabs
      className="own-tabs"
      activeKey={active}
      onChange={select}
      destroyOnHidden
      items={[
        { key: 'works', label: t('tabs.works'), children: <WorksPanel userId={userId} isSelf={isSelf} /> },
        {
          key: 'collection',
          label: t('tabs.collection'),
          children: <CollectionPanel userId={userId} isSelf={isSelf} />,
        },
        ...(isSelf ? [{ key: 'likes', label: t('tabs.likes'), children: <LikesPanel userId={userId} /> }] : []),
        { key: 'achievements', label: t('tabs.achievements'), children: <AchievementsTab userId={userId} /> },
      ]}
    />
  );
}
