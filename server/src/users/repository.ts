import type { Store } from '../store/port.js';
import type { User } from './types.js';

/**
 * What a profile read answers: internal bookkeeping (the Firebase uid, activity stamps, the post
 * counter and the redeemed PaymentIntent ids, which would let a reader of profiles correlate
 * payments) never leaves the server.
 */
const PROFILE_PROJECTION = {
  uid: 0,
  lastSeenAt: 0,
  postedCount: 0,
  premiumGrants: 0,
  premiumTakenBack: 0,
  stripeCustomerId: 0,
} as const;

/** The only place that builds queries on `users`. */
export function createUserRepository(store: Store) {
  const users = () => store.collection<User>('users');
  return {
    findByEmail(email: string): Promise<User | null> {
      return users().findOne({ email });
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
    async makeAdmin(id: string): Promise<{ matched: boolean; modified: boolean; email?: string }> {
      const r = await users().updateOne({ _id: id }, { $set: { role: 'Admin' } });
      const email = r.modifiedCount > 0 ? (await users().findOne({ _id: id }))?.email : undefined;
      return { matched: r.matchedCount > 0, modified: r.modifiedCount > 0, email };
    },
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
     * Compare-and-set: writes premiumEndAt only if it still holds `expected` (two grants for the same
     * user at once cannot overwrite each other's extension) and this intent's extension is not already
     * there; the intent's id is recorded in the same write, so a grant redone after a crash extends
     * once. The id stays there while its payment record is pending (finishGrant takes it away once the
     * record says granted): the list holds the grants under way, not a history.
     */
    async extendPremiumIf(
      userId: string,
      expected: string | null,
      premiumEndAt: string,
      paymentIntentId: string,
    ): Promise<boolean> {
      const result = await users().updateOne(
        { _id: userId, premiumEndAt: expected, premiumGrants: { $ne: paymentIntentId } },
        {
          // A pass: its end is tracked apart from a subscription's (billing/premium.ts).
          $set: { premiumEndAt, passEndAt: premiumEndAt },
          $push: { premiumGrants: paymentIntentId },
        },
      );
      return result.matchedCount === 1;
    },
    /**
     * Compare-and-set of the premium fields (users/premium.ts): writes `set` only while premiumEndAt
     * still holds `expected`; with `takeBackId`, only once per id (kept in premiumTakenBack).
     */
    async setPremiumIf(
      userId: string,
      expected: string | null,
      set: Partial<User>,
      takeBackId?: string,
    ): Promise<boolean> {
      const filter: Record<string, unknown> = { _id: userId, premiumEndAt: expected };
      if (takeBackId) filter.premiumTakenBack = { $ne: takeBackId };
      const update: Record<string, unknown> = { $set: set };
      if (takeBackId) update.$push = { premiumTakenBack: takeBackId };
      const result = await users().updateOne(filter, update);
      return result.matchedCount === 1;
    },
    /** After the payment record says granted: the intent's id is no longer needed on the user. */
    async finishGrant(email: string, paymentIntentId: string): Promise<void> {
      await users().updateOne({ email }, { $pull: { premiumGrants: paymentIntentId } });
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
