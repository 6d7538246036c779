/**
 * A value the site reads from the API and serves from memory (the first screens' lists): read at most
 * once per `ttlMs`, and served while the next read runs, so only the first visitor after a start (or
 * a long outage) waits for the API. `changed()` reads it again at once: the site calls it on a public
 * change (site/changes.ts), so a page shows an approved or removed article without waiting the TTL.
 */
export interface ReadAhead<T> {
  /** The latest value; waits for a read only when there is none or it is older than `maxAgeMs`. */
  get(): Promise<{ value: T; at: number }>;
  /** The data changed: read again now (once more after a read that is already running). */
  changed(): void;
}

export interface ReadAheadOptions {
  ttlMs: number;
  /** Older than this, a value is not served while it is read again (default ten TTLs). */
  maxAgeMs?: number;
  now: () => number;
  /** A background read failed (the last value stays). */
  onError: (err: unknown) => void;
}

export function readAhead<T>(read: () => Promise<T>, options: ReadAheadOptions): ReadAhead<T> {
  const { ttlMs, now, onError } = options;
  const maxAgeMs = options.maxAgeMs ?? 10 * ttlMs;
  let last: { value: T; at: number } | null = null;
  let running: Promise<{ value: T; at: number }> | null = null;
  // A change arrived while a read was running: that read may have missed it.
  let again = false;

  const start = (): Promise<{ value: T; at: number }> => {
    const at = now();
    const done = () => {
      running = null;
      if (again) {
        again = false;
        start().catch(onError);
      }
    };
    running = read().then(
      (value) => {
        last = { value, at };
        done();
        return last;
      },
      (err: unknown) => {
        done();
        throw err;
      },
    );
    return running;
  };
  const refresh = () => running ?? start();

  return {
    get() {
      if (!last || now() - last.at > maxAgeMs) return refresh();
      if (now() - last.at >= ttlMs) refresh().catch(onError);
      return Promise.resolve(last);
    },
    changed() {
      if (running) again = true;
      else start().catch(onError);
    },
  };
}
