import { useState } from 'react';
import { ResponsiveImage } from './ResponsiveImage';

interface AvatarProps {
  src: string | null | undefined;
  name: string | null | undefined;
  className?: string;
  /** The rendered width, as in `sizes` (match the size class). */
  sizes?: string;
}

/** A round user photo; falls back to the initial when there is no photo or it fails to load. */
export function Avatar({ src, name, className = 'size-10', sizes = '40px' }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const initial = (name ?? '?').trim().charAt(0).toUpperCase() || '?';
  if (src && failed !== src) {
    return (
      <ResponsiveImage
        src={src}
        alt={name ?? 'User'}
        sizes={sizes}
        width={256}
        height={256}
        referrerPolicy="no-referrer"
        onError={() => setFailed(src)}
        className={`${className} rounded-full bg-surface-2 object-cover ring-2 ring-accent/60`}
      />
    );
  }
  return (
    <span
      aria-label={name ?? 'User'}
      role="img"
      className={`${className} grid place-items-center rounded-full bg-accent-soft font-bold text-ink ring-2 ring-accent/60`}
    >
      {initial}
    </span>
  );
}
