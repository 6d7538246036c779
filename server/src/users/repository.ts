import type { Store } from '../store/port.js';
import type { User } from './types.js';

/**
 * What a profile read answers: internal bookkeeping (the Firebase uid, activity stamps, the post
 * counter and the premium revision) never leaves the server.
 */
const PROFILE_PROJECTION = {
  uid: 0,
  lastSeenAt: 0,
  postedCount: 0,
  premiumRev: 0,
  // Redeemed PaymentIntent ids, left on records from before the premium ledger.
  premiumGrants: 0,
  premiumTakenBack: 0,
  stripeCustomerId: 0,
} as const;

/** The only place that builds queries on `users`. */
export function createUserRepository(store: Store) {
  const users = () => store.collection<User>('users');
  /** Applies `update` to the user with this id; answers the address of a record it modified. */
  const changeById = async (id: string, update: Record<string, unknown>) => {
    const r = await users().updateOne({ _id: id }, update);
    const email = r.modifiedCount > 0 ? (await users().findOne({ _id: id }))?.email : undefined;
    return { matched: r.matchedCount > 0, modified: r.modifiedCount > 0, email };
  };
  return {
    findByEmail(email: string): Promise<User | null> {
      return users().findOne({ email });
    },
    /** What a comment shows of its authors (name, photo, public id), found by e-mail (never answered). */
    findAuthorsByEmails(
      emails: string[],
    ): Promise<Pick<User, '_id' | 'email' | 'name' | 'displayName' | 'photoURL' | 'publicId' | 'role'>[]> {
      return users().find(
        { email: { $in: emails } },
        { projection: { _id: 1, email: 1, name: 1, displayName: 1, photoURL: 1, publicId: 1, role: 1 } },
      );
    },
    /** The fields a writer shows publicly, plus the e-mail their articles are found by (never answered). */
    findWritersByIds(
      ids: string[],
    ): Promise<Pick<User, '_id' | 'email' | 'name' | 'displayName' | 'photoURL'>[]> {
      return users().find(
        { _id: { $in: ids } },
        { projection: { _id: 1, email: 1, name: 1, displayName: 1, photoURL: 1 } },
      );
    },
    /** Users whose premium ends in (fromIso, toIso] (index {premiumEndAt}): the mail reminders. */
    premiumEndingBetween(
      fromIso: string,
      toIso: string,
      limit: number,
    ): Promise<Pick<User, 'email' | 'premiumEndAt'>[]> {
      return users().find(
        { premiumEndAt: { $gt: fromIso, $lte: toIso } },
        { sort: { premiumEndAt: 1, _id: 1 }, limit, projection: { _id: 1, email: 1, premiumEndAt: 1 } },
      );
    },
    findProfileByEmail(email: string): Promise<User | null> {
      return users().findOne({ email }, { projection: PROFILE_PROJECTION });
    },
    /** Throws DuplicateKeyError when the email is taken (unique index). */
    insert(user: User): Promise<void> {
      return users().insertOne(user);
    },
    async setFields(email: string, set: Partial<User>, unset: string[] = []): Promise<User | null> {
      const update: Record<string, unknown> = {};
      if (Object.keys(set).length) update.$set = set;
      if (unset.length) update.$unset = Object.fromEntries(unset.map((k) => [k, '']));
      if (!Object.keys(update).length) return users().findOne({ email });
      return users().findOneAndUpdate({ email }, update);
    },
    makeAdmin: (id: string) => changeById(id, { $set: { role: 'Admin' } }),
    /** Gives (true) or takes back (false) the editor role. */
    setEditor: (id: string, editor: boolean) =>
      changeById(id, editor ? { $set: { editor: true } } : { $unset: { editor: '' } }),
    /** Clears premiumEndAt only when it has already passed. */
    async clearExpiredPremium(email: string, nowIso: string): Promise<boolean> {
      const r = await users().updateOne(
        { email, premiumEndAt: { $ne: null, $lte: nowIso } },
        { $set: { premiumEndAt: null } },
      );
      return r.modifiedCount > 0;
    },
    /**
     * Takes one posting slot atomically: increments postedCount only while it is below `max`
     * (no limit when max is null). False when the cap is reached; two racing posts cannot both pass.
     * A record from before postedCount existed starts from `alreadyPosted` (its existing articles).
     */
    async claimPostSlot(email: string, max: number | null, alreadyPosted: () => Promise<number>) {
      if ((await users().countDocuments({ email, postedCount: { $exists: false } })) > 0) {
        const posted = await alreadyPosted();
        await users().updateOne(
          { email, postedCount: { $exists: false } },
          { $set: { postedCount: posted } },
        );
      }
      const filter = max === null ? { email } : { email, postedCount: { $lt: max } };
      const r = await users().updateOne(filter, { $inc: { postedCount: 1 } });
      return r.modifiedCount > 0;
    },
    /** Gives a slot back when the article it was taken for could not be stored. */
    async releasePostSlot(email: string): Promise<void> {
      await users().updateOne({ email, postedCount: { $gt: 0 } }, { $inc: { postedCount: -1 } });
    },
    count(): Promise<number> {
      return users().countDocuments({});
    },
    /** ISO timestamps compare as strings on both engines. */
    countPremium(nowIso: string): Promise<number> {
      return users().countDocuments({ premiumEndAt: { $type: 'string', $gt: nowIso } });
    },
    countSeenSince(sinceIso: string): Promise<number> {
      return users().countDocuments({ lastSeenAt: { $type: 'string', $gte: sinceIso } });
    },
    async touchLastSeen(email: string, nowIso: string): Promise<void> {
      await users().updateOne({ email }, { $set: { lastSeenAt: nowIso } });
    },
    /**
     * Compare-and-set of the premium fields (users/premium.ts): writes `set` only while the user's
     * premium revision still is `expected` (null: never written).
     */
    async setPremiumIf(userId: string, expected: number | null, set: Partial<User>): Promise<boolean> {
      const result = await users().updateOne({ _id: userId, premiumRev: expected }, { $set: set });
      return result.matchedCount === 1;
    },
    async usesPhoto(url: string): Promise<boolean> {
      return (await users().countDocuments({ photoURL: url })) > 0;
    },
    /** Every profile photo URL, in one pass over the collection. */
    async photoUrls(): Promise<string[]> {
      const rows = await users().find({}, { projection: { photoURL: 1 } });
      return rows.map((u) => u.photoURL).filter((u) => typeof u === 'string');
    },
    async page(page: number, limit: number): Promise<User[]> {
      return users().find(
        {},
        { sort: { createdAt: -1, _id: -1 }, skip: (page - 1) * limit, limit, projection: PROFILE_PROJECTION },
      );
    },
  };
}
