import { memo } from 'react';
import { Link } from 'react-router';
import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import type { WorkCard as Work } from '@turing/contract';
import { detailPath } from '../../../shared/routes/paths.ts';
import { clampRatio } from '../lib/masonry.ts';
import { UserAvatar } from '../../../shared/ui/user-avatar/user-avatar.tsx';
import { thumbSrcSet } from '../../../shared/ui/thumb-srcset.ts';

interface Props {
  work: Work;
  likesLabel: string;
  /** The card's width as the grid lays it out (e.g. "262px"), so the image is fetched at the size it is shown. */
  sizes: string;
  /** The widest thumbnail worth loading (see `thumbSrcSet`), for a grid that knows its cards' width. */
  maxFileWidth?: number;
}

/**
 * One gallery card: a single link (few nodes, one tab stop). Memoised on the work object, which
 * the cache only replaces when that work changes, so scrolling never re-renders the cards.
 */
export const WorkCard = memo(function WorkCard({ work, likesLabel, sizes, maxFileWidth }: Props) {
  const ratio = clampRatio(work.width, work.height);
  return (
    <Link to={detailPath(work.id)} className="work-card" data-testid="work-card">
      <span className="work-card__media" style={{ paddingTop: `${ratio * 100}%` }}>
        <img
          src={work.thumbUrl}
          srcSet={thumbSrcSet(work.thumbs, maxFileWidth)}
          sizes={sizes}
          alt=""
          loading="lazy"
          decoding="async"
          width={work.width}
          height={work.height}
        />
      </span>
      <span className="work-card__meta">
        <span className="work-card__title">{work.title}</span>
        <span className="work-card__row">
          <span className="work-card__creator">
            <UserAvatar url={work.creator.avatarUrl} name={work.creator.nickname} size={20} />
            <span className="work-card__name">{work.creator.nickname}</span>
          </span>
          <span className="work-card__likes">
            {work.liked ? <HeartFilled aria-hidden /> : <HeartOutlined aria-hidden />}
            <span aria-hidden>{work.likeCount}</span>
            <span className="community-sr-only">{likesLabel}</span>
          </span>
        </span>
      </span>
    </Link>
  );
});
