import { useState } from 'react';

interface AvatarProps {
  src: string | null | undefined;
  name: string | null | undefined;
  className?: string;
}

/** A round user photo; falls back to the initial when there is no photo or it fails to load. */
export function Avatar({ src, name, className = 'size-10' }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const initial = (name ?? '?').trim().charAt(0).toUpperCase() || '?';
  if (src && failed !== src) {
    return (
      <img
        src={src}
        alt={name ?? 'User'}
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
