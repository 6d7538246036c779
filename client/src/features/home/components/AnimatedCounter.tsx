import { useEffect, useState } from 'react';
import { formatCount } from '@/lib/format-number';
import { usePrefersReducedMotion } from '@/lib/reduced-motion';

/** Counts from 0 to `value` over `durationMs` (ease-out); shows `value` at once to readers who want less motion. */
export function AnimatedCounter({ value, durationMs }: { value: number; durationMs: number }) {
  const still = usePrefersReducedMotion();
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (still) return;
    let frame = 0;
    const start = performance.now();
    const tick = (now: number) => {
      const t = Math.min(1, (now - start) / durationMs);
      const eased = 1 - Math.pow(1 - t, 3);
      setShown(Math.round(value * eased));
      if (t < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [value, durationMs, still]);
  return <>{formatCount(still ? value : shown)}</>;
}
