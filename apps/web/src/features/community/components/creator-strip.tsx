import { Link } from 'react-router';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../../shared/routes/paths.ts';
import { useCreators } from '../api/list-creators.ts';
import { FollowButton } from '../../../shared/ui/follow-button/follow-button.tsx';
import { UserAvatar } from '../../../shared/ui/user-avatar/user-avatar.tsx';
import { thumbSrcSet } from '../../../shared/ui/thumb-srcset.ts';

/**
 * A creator's recent work is a third of a creator tile (280 px and up, 80 % of a phone's width):
 * about 100 px; browsers that size lazy images by their layout take it from there ("auto").
 */
const RECENT_WORK_SIZES = 'auto, 112px';

/** Recommended creators with their latest works and a follow button each. */
export function CreatorStrip() {
  const { t } = useTranslation('community');
  const creators = useCreators();
  if (creators.isError || (creators.isSuccess && creators.data.length === 0)) return null;
  return (
    <section className="creators" aria-labelledby="creators-title">
      <Typography.Title level={2} id="creators-title" className="community-h2">
        {t('creators.title')}
      </Typography.Title>
      <ul className="creators__list" aria-busy={creators.isPending}>
        {(creators.data ?? []).map((c) => (
          <li key={c.id} className="creator" data-testid="creator">
            <Link to={`${PATHS.own}?userId=${encodeURIComponent(c.id)}`} className="creator__who">
              <UserAvatar url={c.avatarUrl} name={c.nickname} size={40} />
              <span className="creator__text">
                <span className="creator__name">{c.nickname}</span>
                <span className="creator__stats">
                  <span>{t('creators.followers', { count: c.followers })}</span> ·{' '}
                  <span>{t('creators.works', { count: c.works })}</span>
                </span>
              </span>
            </Link>
            <FollowButton userId={c.id} nickname={c.nickname} following={c.followedByMe} size="small" />
            {c.recentWorks.length > 0 && (
              <span className="creator__works" aria-hidden>
                {c.recentWorks.slice(0, 3).map((w) => (
                  <img
                    key={w.id}
                    src={w.thumbUrl}
                    srcSet={thumbSrcSet(w.thumbs)}
                    sizes={RECENT_WORK_SIZES}
                    alt=""
                    loading="lazy"
                    decoding="async"
                  />
                ))}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
