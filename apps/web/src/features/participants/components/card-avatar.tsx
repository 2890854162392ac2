import { type CSSProperties, useState } from 'react';
import classes from './avatar.module.css';

/** As Mantine's getInitials: the first letters of the first two words (or of a one-word name). */
function initials(name: string): string {
  const words = name.split(' ');
  if (words.length === 1) return name.slice(0, 2).toUpperCase();
  return words
    .map((word) => word[0])
    .slice(0, 2)
    .join('')
    .toUpperCase();
}

/**
 * A card's photo or logo, square with `size` pixels (width and height set, so nothing moves when it
 * loads): Mantine's Avatar look as plain markup, the initials on `color`'s light shade when there is
 * no picture or it fails to load.
 */
export function CardAvatar({
  src,
  name,
  size,
  radius,
  color,
}: {
  src: string | null | undefined;
  name: string;
  size: number;
  radius: string;
  color: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const style = {
    '--avatar-size': `calc(${size / 16}rem * var(--mantine-scale))`,
    '--avatar-radius': radius,
    '--avatar-bg': `var(--mantine-color-${color}-light)`,
    '--avatar-color': `var(--mantine-color-${color}-light-color)`,
  } as CSSProperties;
  return (
    <div className={classes.avatar} style={style}>
      {src && failed !== src ? (
        <img
          className={classes.image}
          src={src}
          alt=""
          width={size}
          height={size}
          decoding="async"
          loading="lazy"
          onError={() => setFailed(src)}
        />
      ) : (
        <span className={classes.initials}>{initials(name)}</span>
      )}
    </div>
  );
}
