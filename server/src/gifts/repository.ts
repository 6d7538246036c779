import { createHash } from 'node:crypto';
import { DuplicateKeyError, type Store } from '../store/port.js';

/** A gift link (docs/decisions/gift-links-and-meter.md). Timestamps are ISO strings (UTC). */
export interface GiftLinkRecord {
  _id: string;
  /** The capability: whoever holds it may read the article (unique index). */
  token: string;
  articleId: string;
  articleTitle: string;
  /** The creator's e-mail (never answered to readers) and public name ("Gifted by …"). */
  creator: string;
  creatorName: string;
  createdAt: string;
  /** Readers let in so far (at most GIFT_LINK_READERS). */
  readers: number;
  firstOpenedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
  [key: string]: unknown;
}

/** One reader a link let in: an account (`u:` e-mail) or a signed-out browser (`k:` its key). */
export interface GiftReader {
  _id: string;
  linkId: string;
  reader: string;
  at: string;
  [key: string]: unknown;
}

/** Gift links one person created in one calendar month (revoking one does not give it back). */
export interface GiftAllowanceRecord {
  _id: string;
  creator: string;
  month: string;
  count: number;
  [key: string]: unknown;
}

const hashId = (...parts: string[]) =>
  createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 24);

/** The only place that builds queries on `gift_links`, `gift_readers` and `gift_allowances`. */
export function createGiftRepository(store: Store) {
  const links = () => store.collection<GiftLinkRecord>('gift_links');
  const readers = () => store.collection<GiftReader>('gift_readers');
  const allowances = () => store.collection<GiftAllowanceRecord>('gift_allowances');
  const allowanceId = (creator: string, month: string) => hashId('gift-allowance', creator, month);

  return {
    /** Links `creator` made in `month` (0 when none). */
    async createdIn(creator: string, month: string): Promise<number> {
      return (await allowances().findOne({ _id: allowanceId(creator, month) }))?.count ?? 0;
    },

    /**
     * Takes one of the month's `limit` links; false when they are used up. One conditional upsert, so
     * concurrent creations never pass the limit (as the meter's claim: meter/repository.ts).
     */
    async claimCreation(creator: string, month: string, limit: number): Promise<boolean> {
      const _id = allowanceId(creator, month);
      const take = (upsert: boolean) =>
        allowances().findOneAndUpdate(
          { _id, count: { $lt: limit } },
          { $inc: { count: 1 }, $setOnInsert: { creator, month } },
          { upsert },
        );
      try {
        return (await take(true)) !== null;
      } catch (err) {
        if (!(err instanceof DuplicateKeyError)) throw err;
        // The month's document exists (at the limit, or made by a concurrent first claim): take a
        // link from it unless it is at the limit.
        return (await take(false)) !== null;
      }
    },

    /** Gives back a claimed link whose insert failed. */
    async releaseCreation(creator: string, month: string): Promise<void> {
      await allowances().updateOne(
        { _id: allowanceId(creator, month), count: { $gt: 0 } },
        { $inc: { count: -1 } },
      );
    },

    insert: (link: GiftLinkRecord) => links().insertOne(link),
    findByToken: (token: string) => links().findOne({ token }),
    findById: (id: string) => links().findOne({ _id: id }),

    /** A creator's links, newest first (index {creator, createdAt, _id}). */
    listByCreator(creator: string, limit: number): Promise<GiftLinkRecord[]> {
      return links().find({ creator }, { sort: { createdAt: -1, _id: -1 }, limit });
    },

    /** Revokes the creator's link (once: the first revocation's time stays); null when not theirs. */
    async revoke(id: string, creator: string, at: string): Promise<GiftLinkRecord | null> {
      await links().updateOne({ _id: id, creator, revokedAt: null }, { $set: { revokedAt: at } });
      return links().findOne({ _id: id, creator });
    },

    /** Whether the link already let this reader in. */
    async knows(linkId: string, reader: string): Promise<boolean> {
      return (await readers().findOne({ _id: hashId('gift-reader', linkId, reader) })) !== null;
    },

    /**
     * Lets a new reader in while the link is not revoked and has room: the seat is taken on the link
     * (conditional $inc) before the reader is written. 'known': a concurrent open of the same reader
     * won; 'refused': no seat (full or revoked meanwhile).
     */
    async admit(
      linkId: string,
      reader: string,
      max: number,
      at: string,
    ): Promise<'admitted' | 'known' | 'refused'> {
      const seat = await links().findOneAndUpdate(
        { _id: linkId, revokedAt: null, readers: { $lt: max } },
        { $inc: { readers: 1 } },
      );
      if (!seat) return 'refused';
      try {
        await readers().insertOne({ _id: hashId('gift-reader', linkId, reader), linkId, reader, at });
        return 'admitted';
      } catch (err) {
        await links().updateOne({ _id: linkId }, { $inc: { readers: -1 } });
        if (err instanceof DuplicateKeyError) return 'known';
        throw err;
      }
    },

    /** Starts the link's seven days at its first open (a later open finds them started). */
    async startClock(linkId: string, at: string, expiresAt: string): Promise<GiftLinkRecord | null> {
      await links().updateOne(
        { _id: linkId, firstOpenedAt: null },
        { $set: { firstOpenedAt: at, expiresAt } },
      );
      return links().findOne({ _id: linkId });
    },
  };
}
