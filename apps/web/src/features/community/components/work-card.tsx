import { memo } from 'react';
import { Link } from 'react-router';
import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import type { WorkCard as Work } from '@turing/contract';
import { detailPath } from '../../../shared/routes/paths.ts';
import { clampRatio } from '../lib/masonry.ts';
import { UserAvatar } from '../../../shared/ui/user-avatar/user-avatar.tsx';

interface Props {
  work: Work;
  likesLabel: string;
}

/**
 * One gallery card: a single link (few nodes, one tab stop). Memoised on the work object, which
 * the cache only replaces when that work changes, so scrolling never re-renders the cards.
 */
export const WorkCard = memo(function WorkCard({ work, likesLabel }: Props) {
  const ratio = clampRatio(work.width, work.height);
  return (
    <Link to={detailPath(work.id)} className="work-card" data-testid="work-card">
      <span className="work-card__media" style={{ paddingTop: `${ratio * 100}%` }}>
        <img src={work.thumbUrl} alt="" loading="lazy" decoding="async" width={work.width} height={work.height} />
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
