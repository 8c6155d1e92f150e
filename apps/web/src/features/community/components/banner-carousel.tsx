import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { LazyAlert } from '../../../shared/ui/lazy-notices.tsx';
import { LeftOutlined, PauseOutlined, CaretRightOutlined, RightOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useBanners } from '../api/get-banners.ts';
import { localized } from '../lib/tag-label.ts';

const ADVANCE_MS = 6_000;

function BannerLink({ link, children }: { link: string; children: React.ReactNode }) {
  // Links inside the app stay in the hash router; others open as they are.
  if (link.startsWith('/'))
    return (
      <Link to={link} className="banner__link">
        {children}
      </Link>
    );
  return (
    <a href={link} className="banner__link" target="_blank" rel="noreferrer">
      {children}
    </a>
  );
}

/**
 * Featured banners at a fixed aspect ratio (the space is held while they load). Slides advance on
 * their own unless paused, hovered or focused, or the visitor prefers reduced motion.
 */
export function BannerCarousel() {
  const { t, i18n } = useTranslation('community');
  const banners = useBanners();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(() => matchMedia('(prefers-reduced-motion: reduce)').matches);
  const [held, setHeld] = useState(false);
  const count = banners.data?.length ?? 0;

  useEffect(() => {
    if (paused || held || count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), ADVANCE_MS);
    return () => clearInterval(timer);
  }, [paused, held, count]);

  if (banners.isError)
    return <LazyAlert className="banner-error" type="warning" showIcon title={t('banner.loadFailed')} />;
  if (banners.isSuccess && count === 0) return null;

  const go = (step: number) => setIndex((i) => (i + step + count) % count);
  return (
    <section
      className="banner"
      aria-roledescription="carousel"
      aria-label={t('banner.label')}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <div className="banner__track" style={{ transform: `translateX(-${index * 100}%)` }}>
        {(banners.data ?? []).map((b, i) => (
          <div
            key={b.id}
            className="banner__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={t('banner.slide', { n: i + 1, total: count })}
            aria-hidden={i !== index}
            inert={i !== index}
          >
            <BannerLink link={b.link}>
              <img
                src={b.imageUrl}
                alt=""
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'auto'}
                decoding="async"
              />
              <span className="banner__text">
                <span className="banner__title">{localized(b.title, i18n.language)}</span>
                <span className="banner__subtitle">{localized(b.subtitle, i18n.language)}</span>
              </span>
            </BannerLink>
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="banner__controls">
          <Button
            size="small"
            shape="circle"
            icon={<LeftOutlined />}
            aria-label={t('banner.previous')}
            onClick={() => go(-1)}
          />
          <Button
            size="small"
            shape="circle"
            icon={paused ? <CaretRightOutlined /> : <PauseOutlined />}
            aria-label={paused ? t('banner.play') : t('banner.pause')}
            onClick={() => setPaused((p) => !p)}
          />
          <Button
            size="small"
            shape="circle"
            icon={<RightOutlined />}
            aria-label={t('banner.next')}
            onClick={() => go(1)}
          />
        </div>
      )}
    </section>
  );
}
