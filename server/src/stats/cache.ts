import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Store } from '../store/port.js';

interface Entry {
  body: string;
  etag: string;
  expiresAt: number;
}

/**
 * Serialized answers of public reads, kept per store (so several apps in one process never share
 * them) for a short time and dropped by the writes that change them.
 */
const cachesByStore = new WeakMap<Store, Map<string, Entry>>();

function cacheOf(store: Store): Map<string, Entry> {
  let cache = cachesByStore.get(store);
  if (!cache) {
    cache = new Map();
    cachesByStore.set(store, cache);
  }
  return cache;
}

/** Drops the cached answers whose key starts with `prefix`. */
export function invalidateCached(store: Store, prefix: string): void {
  const cache = cacheOf(store);
  for (const key of cache.keys()) if (key.startsWith(prefix)) cache.delete(key);
}

/**
 * Answers from the cache (304 on a matching If-None-Match), computing and storing on a miss.
 * `nowMs` is the app clock's time, so a test clock moving forward expires entries too.
 */
export async function sendCachedJson(
  store: Store,
  key: string,
  ttl: { ttlMs: number; nowMs: number },
  req: Request,
  res: Response,
  compute: () => Promise<unknown>,
): Promise<void> {
  const cache = cacheOf(store);
  let entry = cache.get(key);
  if (!entry || entry.expiresAt <= ttl.nowMs || entry.expiresAt > ttl.nowMs + ttl.ttlMs) {
    const body = JSON.stringify(await compute());
    entry = {
      body,
      etag: `W/"${createHash('sha1').update(body).digest('base64url')}"`,
      expiresAt: ttl.nowMs + ttl.ttlMs,
    };
    cache.set(key, entry);
  }
  res.setHeader('ETag', entry.etag);
  res.setHeader('Cache-Control', 'public, max-age=0, must-revalidate');
  if (req.headers['if-none-match'] === entry.etag) {
    res.status(304).end();
    return;
  }
  res.type('application/json').send(entry.body);
}

export const USER_STATS_PREFIX = 'users:';
