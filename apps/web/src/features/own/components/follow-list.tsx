import { Alert, Button, Empty, Skeleton } from 'antd';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { FollowEntry, Page } from '@turing/contract';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../../shared/routes/paths.ts';
import { useFormatCount } from '../lib/use-format-date.ts';
import { FollowButton } from '../../../shared/ui/follow-button/follow-button.tsx';
import { UserAvatar } from '../../../shared/ui/user-avatar/user-avatar.tsx';

interface Props {
  query: UseInfiniteQueryResult<InfiniteData<Page<FollowEntry>>>;
  /** The viewer's id, to leave the follow button off their own row. */
  viewerId: string | null;
  emptyText: string;
  testId: string;
}

const ownPath = (userId: string) => `${PATHS.own}?userId=${encodeURIComponent(userId)}`;

/** Followers or followed users, a page at a time, each with a follow button. */
export function FollowList({ query, viewerId, emptyText, testId }: Props) {
  const { t } = useTranslation('own');
  const count = useFormatCount();
  const { data, isPending, isError, error, hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  if (isPending) return <Skeleton active avatar paragraph={{ rows: 2 }} />;
  if (isError && !data)
    return <Alert type="error" showIcon title={t('people.loadFailed')} description={error.message} />;
  const people = data.pages.flatMap((p) => p.items);
  if (people.length === 0) return <Empty description={emptyText} />;

  return (
    <>
      <ul className="own-people" data-testid={testId}>
        {people.map((p) => (
          <li key={p.id} className="own-person" data-testid="own-person">
            <Link to={ownPath(p.id)} className="own-person__link">
              <UserAvatar url={p.avatarUrl} name={p.nickname} size={40} />
              <span className="own-person__text">
                <span className="own-person__name">{p.nickname}</span>
                <span className="own-person__sub">
                  {p.signature || t('people.followers', { count: p.followers, formatted: count(p.followers) })}
                </span>
              </span>
            </Link>
            {p.id === viewerId ? null : (
              <FollowButton userId={p.id} nickname={p.nickname} following={p.followedByMe} size="small" />
            )}
          </li>
        ))}
      </ul>
      {hasNextPage ? (
        <div className="own-grid__more">
          <Button loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {t('loadMore')}
          </Button>
        </div>
      ) : null}
    </>
  );
}
