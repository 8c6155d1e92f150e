import type { CreatorSummary } from '@turing/contract';

/** A round avatar, or the nickname's first letter on a tinted disc; decorative next to the name. */
export function CreatorAvatar({
  creator,
  size,
}: {
  creator: Pick<CreatorSummary, 'avatarUrl' | 'nickname'>;
  size: number;
}) {
  const style = { width: size, height: size, fontSize: Math.round(size * 0.5) };
  return creator.avatarUrl ? (
    <img className="creator-avatar" src={creator.avatarUrl} alt="" style={style} loading="lazy" decoding="async" />
  ) : (
    <span className="creator-avatar creator-avatar--initial" style={style} aria-hidden>
      {[...creator.nickname.trim()][0]?.toUpperCase() ?? '?'}
    </span>
  );
}
