import { useSyncExternalStore } from 'react';

/**
 * Whether the reader asked their system for less motion (prefers-reduced-motion). Screens that move on
 * their own (the trending carousel, the counters) hold still for them; src/index.css stops the CSS
 * animations and transitions (docs/decisions/reduced-motion.md). False where there is no window (the
 * server-rendered first screen).
 */
const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia?.(QUERY);
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && (window.matchMedia?.(QUERY).matches ?? false);
}

export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}
