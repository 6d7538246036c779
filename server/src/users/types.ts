import type { SubscriptionState } from '@newsroom/common';

/** A user record as stored. Timestamps are ISO 8601 strings (UTC) on both engines. */
export interface User {
  _id: string;
  /**
   * What the public sees of the account (a writer's page, follows, article links): random, unlike
   * `_id`, which tells when and in what order accounts were made. Every record has one once migrated.
   */
  publicId?: string;
  uid: string;
  email: string;
  name: string;
  displayName?: string;
  photoURL?: string;
  phone?: string;
  address?: string;
  birth?: string;
  gender?: 'male' | 'female';
  /** Whether the owner's last sign-in token said the address is verified. */
  emailVerified?: boolean;
  /** Present (value 'Admin') means admin. */
  role?: 'Admin';
  /**
   * Present (true) means editor: moderates articles (approve, decline, request changes, make premium)
   * and nothing else of the admin area. Beside `role`, which keeps meaning admin (docs/roles.md).
   */
  editor?: true;
  /** ISO timestamp; null means a normal user. Premium = premiumEndAt in the future. */
  premiumEndAt: string | null;
  createdAt: string;
  lastSeenAt?: string;
  /** Articles this user ever posted (deleting one does not give the free-plan slot back). */
  postedCount?: number;
  /**
   * premiumEndAt and the ends of pass and subscription time as the premium ledger derives them
   * (billing/ledger.ts, docs/decisions/premium-ledger.md). Absent on records from before the ledger.
   */
  passEndAt?: string | null;
  subscriptionEndAt?: string | null;
  /** How many times the ledger's derivation was written: the compare-and-set of users/premium.ts. */
  premiumRev?: number;
  /** The user's Stripe Customer, made on their first subscription. */
  stripeCustomerId?: string;
  /** Their latest subscription, as All Users shows it. */
  subscription?: SubscriptionState;
  [key: string]: unknown;
}

export function isAdmin(user: Pick<User, 'role'> | null | undefined): boolean {
  return user?.role === 'Admin';
}

/** Who may moderate articles: admins and editors (docs/roles.md). */
export function isModerator(user: Pick<User, 'role' | 'editor'> | null | undefined): boolean {
  return isAdmin(user) || user?.editor === true;
}

export function isPremium(user: Pick<User, 'premiumEndAt'> | null | undefined, now: Date): boolean {
  return !!user?.premiumEndAt && new Date(user.premiumEndAt).getTime() > now.getTime();
}

/** A name as published: never an address ('' when the account has none). */
export function publicName(user: Pick<User, 'name' | 'displayName'>): string {
  const name = (user.name || user.displayName || '').trim();
  return name.includes('@') ? '' : name;
}
