import { HeartOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PATHS, detailPath } from '../../../shared/routes/paths.ts';
import { thumbSrcSet } from '../../../shared/ui/thumb-srcset.ts';
import { FEATURED_LIMIT, useFeaturedWorks } from '../api/list-featured-works.ts';

/**
 * The width of a card in `.home-featured` (at most 1200 px inside 32 px of padding, columns of at
 * least 260 px and 16 px gaps; two columns and 16 px padding below 768 px): 288 px on a desktop.
 * Browsers that size lazy images by their layout take it from there ("auto"); the others get this
 * list, worked out from the same rules.
 */
const CARD_SIZES =
  'auto, (max-width: 767.98px) calc(50vw - 21px), (max-width: 875.98px) calc(50vw - 40px), (max-width: 1151.98px) calc(33.4vw - 32px), (max-width: 1263.98px) calc(25vw - 28px), 288px';

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
                      srcSet={thumbSrcSet(w.thumbs)}
                      sizes={CARD_SIZES}
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
