import { useEffect, useState } from 'react';
import { whenIdle } from './when-idle';

/**
 * False until the page has been idle once since the component mounted (lib/when-idle.ts: within two
 * seconds however busy it is), then true. For reads a screen does not need for what it first shows
 * (a list below the fold, a menu's options): asked for after the page's start, not inside the task
 * that mounts it, where each request costs a phone's main thread several milliseconds.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => (idle ? undefined : whenIdle(() => setIdle(true))), [idle]);
  return idle;
}
