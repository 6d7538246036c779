import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { chooseCoding, sendEncoded } from './compress.js';

/** A serialized JSON answer with its strong ETag, ready to send as-is. */
export interface CachedAnswer<M = undefined> {
  body: string;
  etag: string;
  /** Whatever the caller needs to decide who may see the answer (e.g. an article's status). */
  meta: M;
}

/** Called before a cache miss is built; throws (or rejects) to refuse the build (e.g. a rate limit). */
export type MissGuard = () => void | Promise<void>;

/** What a build produces: the value to serialize and the meta kept beside it. */
export interface Built<M> {
  value: unknown;
  meta: M;
}

interface Entry {
  answer: CachedAnswer<unknown>;
  group: string;
  expiresAt: number;
}

const MAX_ENTRIES = 2_000;
/**
 * Safety net only: every domain event drops what it made stale (cache/invalidation.ts), on every
 * instance. The TTL bounds staleness should something write behind the app's back (an operator in the
 * database shell), or when an answer depends on the clock (premium expiry in the user counts).
 */
const DEFAULT_TTL_MS = 30_000;

/**
 * Cache of serialized answers of public hot reads (trending, approved list pages, article details,
 * publishers, user counts). Keys are grouped; a write invalidates whole groups (or one key). Concurrent
 * misses of one key share one build, and a build that raced an invalidation is answered but not kept.
 * One cache per app (app.ts); `now` is the app clock, so a test clock moving forward expires entries.
 */
export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inflight = new Map<string, Promise<CachedAnswer<unknown> | null>>();
  private readonly generations = new Map<string, number>();
  /** Keys dropped one by one (invalidateKey) while their build was in flight: not kept. */
  private readonly staleBuilds = new Set<string>();
  /** For version(): a stamp of the last drop of each group and key, from one counter. */
  private stamp = 0;
  private readonly groupStamps = new Map<string, number>();
  private readonly keyStamps = new Map<string, number>();
  /** Every version is at least this (raised when keyStamps is emptied to bound its size). */
  private floor = 0;

  constructor(
    private readonly now: () => number = Date.now,
    /** Per-group TTLs shorter than the default (answers that depend on the clock). */
    private readonly ttlByGroup: Readonly<Record<string, number>> = {},
  ) {}

  /**
   * Answers from cache or builds with `build` (null = nothing to cache, e.g. not found). `onMiss` runs
   * only when this call is about to build (not on a hit, nor when joining a build in flight) and may
   * throw to refuse the caller (public-read-limit.ts).
   */
  get<M = undefined>(
    group: string,
    key: string,
    build: () => Promise<Built<M>>,
    onMiss?: MissGuard,
  ): Promise<CachedAnswer<M>>;
  get<M = undefined>(
    group: string,
    key: string,
    build: () => Promise<Built<M> | null>,
    onMiss?: MissGuard,
  ): Promise<CachedAnswer<M> | null>;
  async get<M>(
    group: string,
    key: string,
    build: () => Promise<Built<M> | null>,
    onMiss?: MissGuard,
  ): Promise<CachedAnswer<M> | null> {
    const fullKey = `${group}\u0000${key}`;
    const hit = this.entries.get(fullKey);
    if (hit && hit.expiresAt > this.now()) return hit.answer as CachedAnswer<M>;
    const pending = this.inflight.get(fullKey);
    if (pending) return (await pending) as CachedAnswer<M> | null;
    const guarded = onMiss?.();
    if (guarded) {
      // A shared limit answers asynchronously: another caller may have started the build meanwhile.
      await guarded;
      const started = this.inflight.get(fullKey);
      if (started) return (await started) as CachedAnswer<M> | null;
    }

    const generation = this.generation(group);
    const promise = build().then((built) => {
      if (!built) return null;
      const body = JSON.stringify(built.value);
      const answer: CachedAnswer<M> = { body, etag: etagOf(body), meta: built.meta };
      if (this.generation(group) === generation && !this.staleBuilds.has(fullKey)) {
        this.store(fullKey, group, answer);
      }
      return answer;
    });
    this.inflight.set(fullKey, promise);
    try {
      return await promise;
    } finally {
      this.inflight.delete(fullKey);
      this.staleBuilds.delete(fullKey);
    }
  }

  /** Drops every answer of the given groups (called by the writes that change them). */
  invalidate(...groups: string[]): void {
    for (const group of groups) {
      this.generations.set(group, this.generation(group) + 1);
      this.groupStamps.set(group, ++this.stamp);
      for (const [key, entry] of this.entries) {
        if (entry.group === group) this.entries.delete(key);
      }
    }
  }

  /**
   * Drops one answer; a build of that key in flight is answered but not kept. The group's other
   * answers and builds are left alone: a counted view drops trending without costing every list
   * build racing it (docs/decisions/view-count-staleness.md).
   */
  invalidateKey(group: string, key: string): void {
    const fullKey = `${group}\u0000${key}`;
    this.entries.delete(fullKey);
    if (this.inflight.has(fullKey)) this.staleBuilds.add(fullKey);
    if (this.keyStamps.size >= MAX_ENTRIES * 5) {
      this.keyStamps.clear();
      this.floor = ++this.stamp; // every version changes: nothing recorded before is trusted
    }
    this.keyStamps.set(fullKey, ++this.stamp);
  }

  /**
   * Drops every answer of `group` whose key starts with `prefix` (an article's pages of comments);
   * builds of such keys in flight are answered but not kept, as with invalidateKey.
   */
  invalidatePrefix(group: string, prefix: string): void {
    const start = `${group}\u0000${prefix}`;
    for (const [key, entry] of this.entries) {
      if (entry.group === group && key.startsWith(start)) this.entries.delete(key);
    }
    for (const key of this.inflight.keys()) {
      if (key.startsWith(start)) this.staleBuilds.add(key);
    }
  }

  /**
   * Changes whenever `key` of `group`, or the whole group, is dropped: lets others keep something of
   * their own per key (the guards' user records, auth/user-records.ts) and tell when it went stale.
   */
  version(group: string, key: string): number {
    return Math.max(
      this.floor,
      this.groupStamps.get(group) ?? 0,
      this.keyStamps.get(`${group}\u0000${key}`) ?? 0,
    );
  }

  /** Changes whenever the whole `group` is invalidated: lets others tell a write happened. */
  generation(group: string): number {
    return this.generations.get(group) ?? 0;
  }

  private store(key: string, group: string, answer: CachedAnswer<unknown>): void {
    if (this.entries.size >= MAX_ENTRIES) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const ttl = this.ttlByGroup[group] ?? DEFAULT_TTL_MS;
    this.entries.set(key, { answer, group, expiresAt: this.now() + ttl });
  }
}

function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** A ready-to-send answer made outside the cache (e.g. derived from a cached one). */
export function answerOf<M>(value: unknown, meta: M): CachedAnswer<M> {
  const body = JSON.stringify(value);
  return { body, etag: etagOf(body), meta };
}

/**
 * Sends a cached answer, or 304 when the client's If-None-Match already names it. A body of 1 KB or
 * more goes out compressed when the client accepts it, compressed once per answer (compress.ts), and
 * each coding gets its own ETag (`"<hash>-br"`), as a strong validator must.
 */
export function sendCached(
  req: Request,
  res: Response,
  answer: CachedAnswer<unknown>,
  cacheControl = 'public, no-cache',
): void {
  const coding = chooseCoding(req, res, answer, answer.body);
  res.set('Cache-Control', cacheControl);
  res.set('ETag', coding ? `${answer.etag.slice(0, -1)}-${coding}"` : answer.etag);
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  sendEncoded(res, answer, answer.body, coding);
}

/** Answers JSON with an ETag so clients can revalidate (for per-caller answers that are not cached). */
export function sendWithEtag(
  req: Request,
  res: Response,
  value: unknown,
  cacheControl = 'private, no-cache',
): void {
  const body = JSON.stringify(value);
  sendCached(req, res, { body, etag: etagOf(body), meta: undefined }, cacheControl);
}

/** Cache groups; cache/invalidation.ts maps each domain event to the answers it makes stale. */
/** The key of the trending answer in the article-lists group. */
export const TRENDING_KEY = 'trending';

export const CacheGroup = {
  /** Public article lists: trending, approved pages, premium pages. */
  articleLists: 'article-lists',
  /** Single-article answers (details). */
  articleDetails: 'article-details',
  publishers: 'publishers',
  /** Admin publisher → article count table. */
  publisherCounts: 'publisher-counts',
  /** GET /users-count and GET /active-users. */
  userStats: 'user-stats',
  /** Stores no answers: its generation counts user writes for the guards' record cache. */
  userRecords: 'user-records',
  /** GET /writers/{id} pages (articles and follower count). */
  writers: 'writers',
  /** Each reader's "For you" list, keyed by their e-mail (briefly: docs/decisions/follows-and-feed.md). */
  forYou: 'for-you',
  /** Related reading under each article, keyed by its id. */
  related: 'related',
  /**
   * Signed-out pages of an article's comments, keyed `<articleId>|<sort>|<page>|<limit>` (who may
   * read them is checked before the cache, on every request).
   */
  comments: 'comments',
} as const;
