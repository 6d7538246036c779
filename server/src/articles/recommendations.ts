/**
 * What to read next: a signed-in reader's "For you" list, related reading under an article, and a
 * writer's public page. Every query walks an index and stops after a few entries, whatever the size
 * of the collection (docs/decisions/follows-and-feed.md).
 */
import {
  FOR_YOU_SIZE,
  RELATED_SIZE,
  type ForYouCard,
  type RelatedCard,
  type WriterPage,
} from '@newsroom/common';
import type { Clock } from '../clock.js';
import { NotFound } from '../errors.js';
import type { FollowService } from '../follows/service.js';
import type { Store } from '../store/port.js';
import { createArticleRepository } from './repository.js';
import { isApproved, toCard, type Article, type ArticleCard } from './types.js';

/** How many of the reader's most-read tags the feed draws from. */
const TOP_TAGS = 3;
/** Per tag and the publisher: the newest candidates related reading weighs. */
const RELATED_PER_SOURCE = 8;
/** "Readers of this also read": the article's latest readers, and each one's latest reads. */
const ALSO_READ_READERS = 10;
const ALSO_READ_PER_READER = 10;

type Dated = Pick<Article, '_id' | 'createdAt'>;
const newestFirst = (a: Dated, b: Dated) =>
  a.createdAt === b.createdAt ? (a._id < b._id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1;

/** One list a "For you" step draws from: its first `limit` articles, in its own order. */
type Source<T> = (limit: number) => Promise<T[]>;

/**
 * The first `need` articles of `sources` merged in `order` (one source: its own order), without
 * repeats, leaving out `taken` and what the reader has read (`isRead`, remembered in `read`). Each
 * source is read `need` deep and filtered here (no list of the reader's history in the queries); a
 * source whose page was used up by left-out articles is read again twice as deep. An article keeps
 * its place only if it comes before the last one read of every source not yet read to its end.
 */
async function firstUnread<T extends { _id: string }>(
  sources: Array<Source<T>>,
  order: (a: T, b: T) => number,
  need: number,
  taken: ReadonlySet<string>,
  read: Map<string, boolean>,
  isRead: (ids: string[]) => Promise<Set<string>>,
): Promise<string[]> {
  if (need <= 0 || sources.length === 0) return [];
  const runs = sources.map((fetch) => ({ fetch, got: [] as T[], want: need, done: false }));
  for (;;) {
    await Promise.all(
      runs
        .filter((r) => !r.done && r.got.length < r.want)
        .map(async (r) => {
          r.got = await r.fetch(r.want);
          r.done = r.got.length < r.want;
        }),
    );
    const open = runs.length > 1 ? runs.filter((r) => !r.done) : [];
    const merged = runs.length > 1 ? runs.flatMap((r) => r.got).sort(order) : runs[0]!.got;
    const accepted: string[] = [];
    const unknown: string[] = [];
    const seen = new Set<string>();
    for (const a of merged) {
      // Past an unfinished source's last article: more of that source may come first.
      if (open.some((r) => order(a, r.got[r.got.length - 1]!) > 0)) break;
      if (seen.has(a._id) || taken.has(a._id) || read.get(a._id)) continue;
      seen.add(a._id);
      if (!read.has(a._id)) unknown.push(a._id);
      accepted.push(a._id);
      if (accepted.length >= need) break;
    }
    if (unknown.length > 0) {
      const found = await isRead(unknown);
      for (const id of unknown) read.set(id, found.has(id));
      continue;
    }
    if (accepted.length >= need || runs.every((r) => r.done)) return accepted;
    for (const r of runs) r.want *= 2;
  }
}

export type Recommendations = ReturnType<typeof createRecommendations>;

export function createRecommendations(deps: { store: Store; clock: Clock; follows: FollowService }) {
  const repo = createArticleRepository(deps.store);
  const { follows } = deps;

  /** Cards of these ids in this order; ids no longer approved drop out. */
  const cardsInOrder = async (ids: string[]): Promise<ArticleCard[]> => {
    const byId = new Map((await repo.approvedCardsByIds(ids)).map((a) => [a._id, a]));
    return ids.flatMap((id) => {
      const a = byId.get(id);
      return a && isApproved(a) ? [toCard(a)] : [];
    });
  };

  return {
    /**
     * "For you": the newest approved articles of the publishers and writers the reader follows, then
     * of the tags they read most, then trending; never one they have read; at most FOR_YOU_SIZE.
     */
    async forYou(reader: string): Promise<ForYouCard[]> {
      const [followed, tags] = await Promise.all([
        follows.followedKeys(reader),
        follows.topTags(reader, TOP_TAGS),
      ]);
      const newest =
        (field: 'publisher' | 'userInfo.email' | 'Tags') =>
        (value: string): Source<Dated> =>
        (limit) =>
          repo.newestApprovedWith(field, value, [], limit);
      const picked: Array<{ id: string; reason: ForYouCard['reason'] }> = [];
      const taken = new Set<string>();
      const read = new Map<string, boolean>();
      const isRead = (ids: string[]) => follows.readAmong(reader, ids);
      const add = async <T extends { _id: string }>(
        reason: ForYouCard['reason'],
        sources: Array<Source<T>>,
        order: (a: T, b: T) => number,
      ) => {
        const need = FOR_YOU_SIZE - picked.length;
        for (const id of await firstUnread(sources, order, need, taken, read, isRead)) {
          taken.add(id);
          picked.push({ id, reason });
        }
      };
      await add(
        'following',
        [...followed.publishers.map(newest('publisher')), ...followed.writers.map(newest('userInfo.email'))],
        newestFirst,
      );
      await add('tags', tags.map(newest('Tags')), newestFirst);
      // One source: its own order (most viewed first) is kept.
      await add('trending', [(limit) => repo.trendingIds([], limit)], () => 0);
      const reasons = new Map(picked.map((p) => [p.id, p.reason]));
      return (await cardsInOrder(picked.map((p) => p.id))).map((card) => ({
        ...card,
        reason: reasons.get(card._id)!,
      }));
    },

    /**
     * Up to RELATED_SIZE approved articles to read after `id`: first those sharing most of its tags
     * and its publisher (newest first among equals), then what its latest readers also read (most
     * shared first). Never the article itself. Null when `id` is not an approved article.
     */
    async related(id: string): Promise<RelatedCard[] | null> {
      const article = await repo.findById(id);
      if (!article || !isApproved(article)) return null;
      const tags = [...new Set(article.Tags ?? [])];
      const [byTag, byPublisher] = await Promise.all([
        Promise.all(tags.map((t) => repo.newestApprovedWith('Tags', t, [id], RELATED_PER_SOURCE))),
        article.publisher
          ? repo.newestApprovedWith('publisher', article.publisher, [id], RELATED_PER_SOURCE)
          : Promise.resolve([]),
      ]);
      // Score: one point per shared tag, one for the same publisher.
      const topic = new Map<string, { score: number; article: Dated }>();
      const score = (a: Dated) => {
        const entry = topic.get(a._id);
        if (entry) entry.score += 1;
        else topic.set(a._id, { score: 1, article: a });
      };
      byTag.flat().forEach(score);
      byPublisher.forEach(score);
      const picked: Array<{ id: string; reason: RelatedCard['reason'] }> = [...topic.values()]
        .sort((a, b) => b.score - a.score || newestFirst(a.article, b.article))
        .slice(0, RELATED_SIZE)
        .map((t) => ({ id: t.article._id, reason: 'topic' }));

      if (picked.length < RELATED_SIZE) {
        const readers = await follows.recentReaders(id, ALSO_READ_READERS);
        const reads = await Promise.all(readers.map((r) => follows.recentlyRead(r, ALSO_READ_PER_READER)));
        const taken = new Set([id, ...picked.map((p) => p.id)]);
        const counts = new Map<string, number>();
        for (const other of reads.flat()) {
          if (!taken.has(other)) counts.set(other, (counts.get(other) ?? 0) + 1);
        }
        const alsoRead = [...counts]
          .sort(([a, x], [b, y]) => y - x || (a < b ? 1 : -1))
          .map(([other]) => other);
        // A few more than needed: some may no longer be approved.
        for (const other of alsoRead.slice(0, RELATED_SIZE * 2))
          picked.push({ id: other, reason: 'alsoRead' });
      }
      const reasons = new Map(picked.map((p) => [p.id, p.reason]));
      return (await cardsInOrder(picked.map((p) => p.id)))
        .slice(0, RELATED_SIZE)
        .map((card) => ({ ...card, reason: reasons.get(card._id)! }));
    },

    /**
     * GET /writers/{id} (their public id): the writer's public face and one page of their approved
     * articles. Anyone else, a reader who never published included, is 404 like an unknown id.
     */
    async writerPage(publicId: string, page: number, limit: number): Promise<WriterPage> {
      const writer = await follows.writer(publicId);
      if (!writer) throw new NotFound('Writer not found');
      const [{ articles, total }, followers] = await Promise.all([
        repo.approvedByAuthor(writer.email, page, limit),
        follows.followerCount(writer._id),
      ]);
      return {
        writer: {
          _id: writer.publicId,
          name: writer.name,
          photoURL: writer.photoURL,
          followers,
          articleCount: total,
        },
        articles: articles.map(toCard),
        page,
        limit,
        totalPages: Math.ceil(total / limit),
      };
    },
  };
}
