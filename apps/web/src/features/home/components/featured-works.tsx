import { HeartOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PATHS, detailPath } from '../../../shared/routes/paths.ts';
import { FEATURED_LIMIT, useFeaturedWorks } from '../api/list-featured-works.ts';

/** The most liked community works as image cards; placeholders hold the layout while they load. */
export function FeaturedWorks() {
  const { t } = useTranslation('home');
  const { data, isPending, isError } = useFeaturedWorks();
  const works = data?.items ?? [];
  if (!isPending && !isError && works.length === 0) return null;

  return (
    <section className="home-section" aria-labelledby="home-featured-title" data-testid="home-featured">
      <h2 id="home-featured-title" className="home-section__title">
        {t('featured.title')}
      </h2>
      <p className="home-muted home-featured__intro">{t('featured.subtitle')}</p>
      {isError ? (
        <p className="home-muted home-featured__intro">{t('featured.loadFailed')}</p>
      ) : (
        <ul className="home-featured" aria-busy={isPending}>
          {isPending
            ? Array.from({ length: FEATURED_LIMIT }, (_, i) => (
                <li key={i} className="home-work home-work--placeholder" aria-hidden="true" />
              ))
            : works.map((w) => (
                <li key={w.id} className="home-work" data-testid="home-featured-work">
                  <Link to={detailPath(w.id)} className="home-work__link">
                    <img
                      className="home-work__img"
                      src={w.thumbUrl}
                      alt=""
                      width={w.width}
                      height={w.height}
                      loading="lazy"
                      decoding="async"
                    />
                    <span className="home-work__caption">
                      <span className="home-work__title">{w.title}</span>
                      <span className="home-work__meta">
                        <span className="home-work__creator">{w.creator.nickname}</span>
                        <span>
                          <HeartOutlined aria-label={t('featured.likes')} /> {w.likeCount}
                        </span>
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
        </ul>
      )}
      <p className="home-featured__more">
        <Link to={PATHS.community}>{t('featured.more')}</Link>
      </p>
    </section>
  );
}
