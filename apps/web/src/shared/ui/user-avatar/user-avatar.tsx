import './user-avatar.css';

/** The first letter (or character) of a name, upper-cased: what shows when there is no picture. */
export const initialOf = (name: string) => [...name.trim()][0]?.toUpperCase() ?? '?';

/**
 * A person's round picture, or their name's first letter on a tinted disc when they have none, so
 * the header, cards, lists and home pages show one person the same way. Decorative by default
 * (the name is written next to it); pass `alt` where it stands alone.
 */
export function UserAvatar({
  url,
  name,
  size,
  alt = '',
  className,
}: {
  url: string | null | undefined;
  name: string;
  size: number;
  alt?: string;
  className?: string;
}) {
  const style = { width: size, height: size, fontSize: Math.round(size * 0.5) };
  const classes = ['user-avatar', className].filter(Boolean).join(' ');
  return url ? (
    <img className={classes} src={url} alt={alt} style={style} loading="lazy" decoding="async" />
  ) : (
    // The letter is drawn by CSS from data-initial, not written as text: a button or link around a
    // decorative avatar keeps the name it shows as its whole visible text.
    <span
      className={`${classes} user-avatar--initial`}
      style={style}
      data-initial={initialOf(name)}
      {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
    />
  );
}
