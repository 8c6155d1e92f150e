import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { Button, Spin } from 'antd';
import { LazyResult } from '../../../shared/ui/lazy-notices.tsx';
import { useTranslation } from 'react-i18next';
import type { WorkCard as Work } from '@turing/contract';
import { useWorks, type WorkFilters } from '../api/list-works.ts';
import { useDocumentTop, useElementWidth } from '../hooks/use-element-width.ts';
import { hasFilters } from '../lib/gallery-filters.ts';
import { cardHeight, laneCount, laneGap } from '../lib/masonry.ts';
import { WorkCard } from './work-card.tsx';

interface Props {
  filters: WorkFilters;
  onClearFilters(): void;
}

const EMPTY: Work[] = [];

/**
 * The waterfall: only the cards near the viewport are in the DOM. Each card's height comes from
 * its image's width and height, known before the image loads, so nothing moves as images arrive.
 */
export function MasonryGrid({ filters, onClearFilters }: Props) {
  const { t } = useTranslation('community');
  const works = useWorks(filters);
  const items = useMemo(() => works.data?.pages.flatMap((p) => p.items) ?? EMPTY, [works.data]);

  const ref = useRef<HTMLDivElement>(null);
  const width = useElementWidth(ref);
  const top = useDocumentTop(ref);
  const lanes = laneCount(width);
  const gap = laneGap(width);
  const column = width > 0 ? (width - gap * (lanes - 1)) / lanes : 0;
  // The cards' width is known exactly here, so their images need no media queries to pick a size.
  const sizes = `${Math.ceil(column)}px`;

  const getItemKey = useCallback((i: number) => items[i]?.id ?? i, [items]);
  const estimateSize = useCallback(
    (i: number) => (items[i] ? cardHeight(column, items[i].width, items[i].height) : 300),
    [items, column],
  );
  const virtualizer = useWindowVirtualizer({
    count: width > 0 ? items.length : 0,
    estimateSize,
    getItemKey,
    lanes,
    gap,
    overscan: 3,
    scrollMargin: top,
  });
  // Sizes are computed, not measured: a new column width means new sizes for every card.
  useEffect(() => virtualizer.measure(), [virtualizer, column]);

  const virtualItems = virtualizer.getVirtualItems();
  const last = virtualItems.at(-1)?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = works;
  useEffect(() => {
    if (last >= items.length - lanes * 4 && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [last, items.length, lanes, hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (works.isError && !items.length)
    return (
      <LazyResult
        status="warning"
        title={t('gallery.error')}
        subTitle={works.error.message}
        extra={<Button onClick={() => void works.refetch()}>{t('gallery.retry')}</Button>}
      />
    );

  return (
    <div className="masonry-wrap">
      <div
        ref={ref}
        className="masonry"
        data-testid="masonry"
        aria-busy={works.isPending}
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualItems.map((v) => {
          const work = items[v.index]!;
          return (
            <div
              key={v.key}
              className="masonry__cell"
              style={{
                width: column,
                height: v.size,
                transform: `translate(${v.lane * (column + gap)}px, ${v.start - top}px)`,
              }}
            >
              <WorkCard
                work={work}
                likesLabel={t('card.likes', { count: work.likeCount })}
                sizes={sizes}
                maxFileWidth={2 * column}
              />
            </div>
          );
        })}
      </div>
      {works.isPending && <Spin className="masonry__status" />}
      {works.isSuccess && !items.length && (
        <LazyResult
          status="info"
          title={hasFilters(filters) ? t('gallery.empty') : t('gallery.emptyAll')}
          extra={hasFilters(filters) && <Button onClick={onClearFilters}>{t('gallery.clearFilters')}</Button>}
        />
      )}
      <div className="masonry__status" role="status">
        {isFetchingNextPage && <Spin size="small" />}
        <span>
          {isFetchingNextPage ? t('gallery.loadingMore') : items.length && !hasNextPage ? t('gallery.end') : ''}
        </span>
        {works.isFetchNextPageError && (
          <Button size="small" onClick={() => void fetchNextPage()}>
            {t('gallery.retry')}
          </Button>
        )}
      </div>
    </div>
  );
}
