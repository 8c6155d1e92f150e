import { useEffect, useRef, type ReactNode } from 'react';
import { Alert, Button, Skeleton } from 'antd';
import { HeartFilled, HeartOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { Page, WorkCard } from '@turing/contract';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { detailPath } from '../../../shared/routes/paths.ts';
import { thumbSrcSet } from '../../../shared/ui/thumb-srcset.ts';
import { useFormatCount } from '../lib/use-format-date.ts';

/**
 * The width of a card in `.own-grid` (a page of at most 1200 px, columns of at least 240 px and
 * 20 px gaps; two columns below 768 px): browsers that size lazy images by their layout take it
 * from there ("auto"); the others get this list, worked out from the same rules, a little over
 * rather than under.
 */
const CARD_SIZES =
  'auto, (max-width: 575.98px) calc(50vw - 22px), (max-width: 823.98px) calc(50vw - 38px), (max-width: 1083.98px) calc(33.4vw - 35px), (max-width: 1263.98px) calc(25vw - 31px), 285px';

interface Props {
  query: UseInfiniteQueryResult<InfiniteData<Page<WorkCard>>>;
  empty: ReactNode;
  /** Shows each card's creator (collections hold other people's works). */
  showCreator?: boolean;
  testId: string;
}

/** Works as a responsive grid; the next page loads as the end of the grid scrolls into view. */
export function WorkGrid({ query, empty, showCreator = false, testId }: Props) {
  const { t } = useTranslation('own');
  const count = useFormatCount();
  const sentinel = useRef<HTMLDivElement>(null);
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage, isPending, isError, error } = query;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (isError && !data) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('works.loadFailed')}
        description={error.message}
        action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
      />
    );
  }
  const works = data.pages.flatMap((p) => p.items);
  if (works.length === 0) return <>{empty}</>;

  return (
    <>
      <ul className="own-grid" data-testid={testId}>
        {works.map((w) => (
          <li key={w.id} className="own-card" data-testid="own-work-card">
            <Link to={detailPath(w.id)} className="own-card__link">
              <img
                className="own-card__img"
                src={w.thumbUrl}
                srcSet={thumbSrcSet(w.thumbs)}
                sizes={CARD_SIZES}
                alt=""
                width={w.width}
                height={w.height}
                loading="lazy"
                decoding="async"
              />
              <span className="own-card__title">{w.title}</span>
            </Link>
            <div className="own-card__meta">
              {showCreator ? <span className="own-card__creator">{w.creator.nickname}</span> : <span />}
              <span className="own-card__counts">
                <span title={t('works.likes')}>
                  {/* Filled when the viewer liked (or collected) the work themselves. */}
                  {w.liked ? <HeartFilled aria-hidden /> : <HeartOutlined aria-hidden />}{' '}
                  <span className="own-sr-only">{t('works.likes')}</span>
                  {count(w.likeCount)}
                </span>
                <span title={t('works.collects')}>
                  {w.collected ? <StarFilled aria-hidden /> : <StarOutlined aria-hidden />}{' '}
                  <span className="own-sr-only">{t('works.collects')}</span>
                  {count(w.collectCount)}
                </span>
              </span>
            </div>
          </li>
        ))}
      </ul>
      <div ref={sentinel} className="own-grid__more">
        {hasNextPage ? (
          <Button loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {t('loadMore')}
          </Button>
        ) : null}
        {isError ? <Alert type="error" showIcon title={t('works.loadFailed')} /> : null}
      </div>
    </>
  );
}
