import { MAX_FOLLOWS, TAGS, type FollowKind, type FollowState, type MyFollows } from '@newsroom/common';
import { createWriterCheck } from '../articles/writers.js';
import type { Clock } from '../clock.js';
import { Conflict, Invalid, NotFound } from '../errors.js';
import type { DomainEvents } from '../events/domain.js';
import type { PublisherService } from '../publishers/service.js';
import type { Store } from '../store/port.js';
import type { UserService } from '../users/service.js';
import type { User } from '../users/types.js';
import type { WriterFields } from '../users/writers/repository.js';
import { createFollowRepository, followId, type Follow } from './repository.js';

export type FollowService = ReturnType<typeof createFollowService>;

/**
 * A writer as anyone may see them (by their public id), with their account id (what follows keep)
 * and the e-mail their articles are found by; neither is ever answered.
 */
export interface WriterRecord {
  _id: string;
  publicId: string;
  name: string;
  photoURL: string;
  email: string;
}

/** A name as published: never an address (an account registered without a name kept its e-mail). */
const publicName = (user: { name?: string; displayName?: string }) => {
  const name = (user.name || user.displayName || '').trim();
  return name.includes('@') ? '' : name;
};

const KNOWN_TAGS: ReadonlySet<string> = new Set(TAGS);

/**
 * Follows of publishers and writers, and each reader's reading history (the articles they read and
 * how often they read each tag), which the personal front page and related reading are made from.
 * See docs/decisions/follows-and-feed.md.
 */
export function createFollowService(deps: {
  store: Store;
  clock: Clock;
  events: DomainEvents;
  users: UserService;
  publishers: PublisherService;
}) {
  const repo = createFollowRepository(deps.store);
  const { publishers, users } = deps;

  // A record the migration step has not given a public id yet has no public face.
  const records = (found: WriterFields[]): WriterRecord[] =>
    found.flatMap((u) =>
      u.publicId
        ? [
            {
              _id: u._id,
              publicId: u.publicId,
              name: publicName(u),
              photoURL: u.photoURL ?? '',
              email: u.email,
            },
          ]
        : [],
    );
  const accountOf = async (publicId: string): Promise<WriterRecord | null> =>
    records(await users.writersByPublicIds([publicId]))[0] ?? null;

  const isWriter = createWriterCheck(deps.store);
  /** The account of this public id if it is a writer (an approved article); else null, like an unknown id. */
  const writer = async (publicId: string): Promise<WriterRecord | null> => {
    const found = await accountOf(publicId);
    return found && (await isWriter(found.email)) ? found : null;
  };

  /**
   * What a follow of `id` (a publisher's id, a writer's public id) is kept under (`target`: the
   * publisher's id, the writer's account id) and what the feed finds its articles by; 404 when none.
   */
  const resolve = async (kind: FollowKind, id: string): Promise<{ target: string; key: string }> => {
    if (kind === 'publisher') {
      const publisher = (await publishers.list()).find((p) => p._id === id);
      if (!publisher) throw new NotFound('Publisher not found');
      return { target: id, key: publisher.publisherName };
    }
    const found = await writer(id);
    if (!found) throw new NotFound('Writer not found');
    return { target: found._id, key: found.email };
  };

  const state = async (following: boolean, target: string): Promise<FollowState> => ({
    following,
    followers: await repo.countFollowers(target),
  });

  return {
    writer,

    /** POST /follows/{kind}s/{id}: idempotent; nobody follows themselves; at most MAX_FOLLOWS each. */
    async follow(caller: User, kind: FollowKind, id: string): Promise<FollowState> {
      const { target, key } = await resolve(kind, id);
      if (kind === 'writer' && key === caller.email) {
        throw new Invalid('You cannot follow yourself', [{ path: 'id', message: 'This is you' }]);
      }
      const _id = followId(caller.email, kind, target);
      if (await repo.isFollowing(_id)) return state(true, target);
      if ((await repo.countFollowing(caller.email)) >= MAX_FOLLOWS) {
        throw new Conflict(`You already follow ${MAX_FOLLOWS}: unfollow one first`);
      }
      const createdAt = deps.clock.now().toISOString();
      const added = await repo.insertFollow({ _id, follower: caller.email, kind, target, key, createdAt });
      if (added) await deps.events.publish({ type: 'follow.added', follower: caller.email, kind, target });
      return state(true, target);
    },

    /**
     * DELETE /follows/{kind}s/{id}: idempotent. A followed writer who is no longer one (their articles
     * gone) can still be unfollowed; otherwise the target must be one that could be followed.
     */
    async unfollow(caller: User, kind: FollowKind, id: string): Promise<FollowState> {
      const kept = kind === 'publisher' ? id : (await accountOf(id))?._id;
      if (kept && (await repo.deleteFollow(followId(caller.email, kind, kept)))) {
        await deps.events.publish({ type: 'follow.removed', follower: caller.email, kind, target: kept });
        return state(false, kept);
      }
      return state(false, (await resolve(kind, id)).target);
    },

    /** GET /me/follows: what the caller follows, most recently followed first. */
    async list(caller: User): Promise<MyFollows> {
      const follows = await repo.followedBy(caller.email, MAX_FOLLOWS);
      const ids = (kind: FollowKind) => follows.filter((f) => f.kind === kind).map((f) => f.target);
      const [allPublishers, writers] = await Promise.all([
        publishers.list(),
        users.writersByIds(ids('writer')).then(records),
      ]);
      const publisherById = new Map(allPublishers.map((p) => [p._id, p]));
      const writerById = new Map(writers.map((w) => [w._id, w]));
      return {
        publishers: ids('publisher').flatMap((id) => {
          const p = publisherById.get(id);
          return p ? [{ _id: p._id, publisherName: p.publisherName, logo: p.logo }] : [];
        }),
        writers: ids('writer').flatMap((id) => {
          const w = writerById.get(id);
          return w ? [{ _id: w.publicId, name: w.name, photoURL: w.photoURL }] : [];
        }),
      };
    },

    /** Followers of a publisher (its id) or a writer (their account id). */
    followerCount: (target: string) => repo.countFollowers(target),

    /** What a reader follows as the feed queries it: publisher names and writers' e-mails. */
    async followedKeys(reader: string): Promise<{ publishers: string[]; writers: string[] }> {
      const follows: Follow[] = await repo.followedBy(reader, MAX_FOLLOWS);
      const keys = (kind: FollowKind) => follows.filter((f) => f.kind === kind).map((f) => f.key);
      return { publishers: keys('publisher'), writers: keys('writer') };
    },

    /** A counted view of `article` by `reader` goes into their reading history. */
    recordRead(reader: string, article: { _id: string; Tags?: string[] | null }, at: Date): Promise<void> {
      const tags = [...new Set((article.Tags ?? []).filter((t) => KNOWN_TAGS.has(t)))];
      return repo.addRead(reader, article._id, tags, at.toISOString());
    },

    /** The tags a reader read most, most read first (ties by name). */
    async topTags(reader: string, n: number): Promise<string[]> {
      return Object.entries(await repo.tagCounts(reader))
        .filter(([tag, count]) => KNOWN_TAGS.has(tag) && typeof count === 'number' && count > 0)
        .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
        .slice(0, n)
        .map(([tag]) => tag);
    },

    /** The ids of the articles a reader read most recently. */
    async recentlyRead(reader: string, limit: number): Promise<string[]> {
      return (await repo.recentReads(reader, limit)).map((r) => r.articleId);
    },

    readAmong: repo.readAmong,
    recentReaders: repo.recentReaders,
  };
}
