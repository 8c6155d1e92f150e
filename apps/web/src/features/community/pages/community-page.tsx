import { useCallback } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BannerCarousel } from '../components/banner-carousel.tsx';
import { CreatorStrip } from '../components/creator-strip.tsx';
import { FilterBar } from '../components/filter-bar.tsx';
import { MasonryGrid } from '../components/masonry-grid.tsx';
import { useGalleryFilters } from '../hooks/use-gallery-filters.ts';
import '../components/community.css';

/** The public gallery: banners, recommended creators, filters and the virtualised waterfall. */
export function CommunityPage() {
  const { t } = useTranslation('community');
  const { filters, setFilters } = useGalleryFilters();
  const clear = useCallback(() => setFilters({ sort: filters.sort, period: filters.period }), [filters, setFilters]);
  return (
    <div className="community">
      <header className="community__head">
        <Typography.Title level={1} className="community__title">
          {t('gallery.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('gallery.subtitle')}</Typography.Text>
      </header>
      <BannerCarousel />
      <CreatorStrip />
      <FilterBar filters={filters} onChange={setFilters} />
      <MasonryGrid filters={filters} onClearFilters={clear} />
    </div>
  );
}
