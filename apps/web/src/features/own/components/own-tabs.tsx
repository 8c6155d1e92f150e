import { Empty, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCollected } from '../api/list-collected.ts';
import { useUserWorks } from '../api/list-user-works.ts';
import { AchievementsTab } from './achievements-tab.tsx';
import { WorkGrid } from './work-grid.tsx';

type TabKey = 'works' | 'collection' | 'achievements';

/** The tab the address names: `selectedCollection=true` is the spec's link to the collection. */
function tabFromQuery(params: URLSearchParams): TabKey {
  if (params.get('selectedCollection') === 'true') return 'collection';
  return params.get('tab') === 'achievements' ? 'achievements' : 'works';
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

/** Works, collection and achievements; switching tabs rewrites the address so it can be shared. */
export function OwnTabs({ userId, isSelf }: { userId: string; isSelf: boolean }) {
  const { t } = useTranslation('own');
  const [params, setParams] = useSearchParams();
  const active = tabFromQuery(params);

  const select = (key: string) => {
    const next = new URLSearchParams(params);
    next.delete('selectedCollection');
    next.delete('tab');
    if (key === 'collection') next.set('selectedCollection', 'true');
    if (key === 'achievements') next.set('tab', 'achievements');
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
        { key: 'achievements', label: t('tabs.achievements'), children: <AchievementsTab userId={userId} /> },
      ]}
    />
  );
}
