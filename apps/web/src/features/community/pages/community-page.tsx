import { useCallback, useEffect, useRef } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BannerCarousel } from '../components/banner-carousel.tsx';
import { CreatorStrip } from '../components/creator-strip.tsx';
import { FilterBar } from '../components/filter-bar.tsx';
import { MasonryGrid } from '../components/masonry-grid.tsx';
import { useGalleryFilters } from '../hooks/use-gallery-filters.ts';
import { hasFilters, writeFilters } from '../lib/gallery-filters.ts';
import '../components/community.css';

/**
 * The public gallery: a compact banner, the filters (they stay in view while the works scroll
 * under them), recommended creators while nothing is searched, and the virtualised waterfall.
 * A search or a tag puts its results right under the filters, in the first screen.
 */
export function CommunityPage() {
  const { t } = useTranslation('community');
  const { filters, setFilters } = useGalleryFilters();
  const clear = useCallback(() => setFilters({ sort: filters.sort, period: filters.period }), [filters, setFilters]);
  const filtered = hasFilters(filters);
  const results = useRef<HTMLDivElement>(null);
  const filterKey = writeFilters(filters).toString();
  const shownKey = useRef(filterKey);

  // New filters from far down the page: back to the first results, just under the filter bar.
  useEffect(() => {
    if (shownKey.current === filterKey) return;
    shownKey.current = filterKey;
    const el = results.current;
    const bar = el?.parentElement?.querySelector<HTMLElement>('.filter-bar');
    if (!el) return;
    const top = el.getBoundingClientRect().top + window.scrollY - (bar?.getBoundingClientRect().bottom ?? 0) - 8;
    if (window.scrollY > top) window.scrollTo({ top: Math.max(0, top) });
  }, [filterKey]);

  return (
    <div className="community">
      <header className="community__head">
        <Typography.Title level={1} className="community__title">
          {t('gallery.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('gallery.subtitle')}</Typography.Text>
      </header>
      <BannerCarousel />
      <FilterBar filters={filters} onChange={setFilters} />
      {!filtered && <CreatorStrip />}
      <div ref={results} className="community__results" data-testid="community-results">
        <MasonryGrid filters={filters} onClearFilters={clear} />
      </div>
    </div>
  );
}
