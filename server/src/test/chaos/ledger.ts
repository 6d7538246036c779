/**
 * What the chaos workload was told by the API: every write answered 2xx (acknowledged), and every
 * write sent whose answer never came (it may or may not have happened). The store is checked
 * against this after every crash.
 */
export interface ArticleEntry {
  title: string;
  author: string;
  /** PATCH /update/status answered 200 (or 409 "already Approved"). */
  approved: boolean;
  /** An approval was sent without an answer. */
  approveUnanswered: boolean;
  /** PATCH /articles/view-count answered {counted: true}. */
  countedViews: number;
  /** View calls without an answer (each may have counted once). */
  unansweredViews: number;
}

export interface UserEntry {
  email: string;
  token: string;
  /** The name of the last acknowledged profile edit (or the registration name). */
  name: string;
  /** Names sent after it whose answers never came. */
  unansweredNames: string[];
  /** PaymentIntents this user confirmed at Stripe. */
  intents: Set<string>;
}

export interface PaymentEntry {
  email: string;
  seconds: number;
  /** A redeem or webhook answered 2xx (the grant must be on disk). */
  acknowledged: boolean;
}

export class Ledger {
  readonly articles = new Map<string, ArticleEntry>();
  /** Titles of posts sent without an answer: such an article may exist, under an id we never learned. */
  readonly unansweredTitles = new Map<string, string>();
  readonly users = new Map<string, UserEntry>();
  readonly payments = new Map<string, PaymentEntry>();
  readonly publishers = new Set<string>();
  /** Acknowledged writes so far, by kind. */
  readonly acked = { posts: 0, approvals: 0, profileEdits: 0, views: 0, grants: 0 };
  /** Writes cut off by a kill (posts, profile edits) found on disk or not; grants a kill left pending. */
  readonly cutOff = { landed: 0, lost: 0, pendingGrants: 0 };

  ackedTotal(): number {
    return Object.values(this.acked).reduce((a, b) => a + b, 0);
  }
}
