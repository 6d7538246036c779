/**
 * After a crash: opens the store the killed API left (recovery included) and checks it against the
 * ledger. Every acknowledged write must be there; anything else must be explained by a write whose
 * answer never came. What such a write turned out to be is then adopted into the ledger: from now
 * on it is on disk and must stay.
 */
import type { Doc, Store } from '../../store/port.js';
import { openEmbeddedStore } from '../../store/embedded/index.js';
import type { Ledger } from './ledger.js';

interface ArticleDoc extends Doc {
  articleTitle: string;
  status: string;
  totalViewCount?: number;
  userInfo: { email: string };
}
interface UserDoc extends Doc {
  email: string;
  name: string;
  premiumEndAt: string | null;
  premiumGrants?: string[];
}
interface PaymentDoc extends Doc {
  paymentIntentId: string;
  email: string;
  seconds: number;
  grantedAt: string;
  state?: string;
}

/** `source`: the embedded store's directory (opened and closed here), or an open store (a database server). */
export async function verifyStore(source: string | Store, ledger: Ledger): Promise<string[]> {
  const problems: string[] = [];
  const store =
    typeof source === 'string' ? await openEmbeddedStore({ dir: source, warn: () => undefined }) : source;
  try {
    const articles = await store.collection<ArticleDoc>('articles').find({});
    const users = await store.collection<UserDoc>('users').find({});
    const payments = await store.collection<PaymentDoc>('payments').find({});
    const publishers = await store.collection('publishers').find({});
    checkArticles(ledger, articles, problems);
    checkUsers(ledger, users, problems);
    checkPayments(ledger, users, payments, problems);
    const names = publishers.map((p) => String(p.publisherName)).sort();
    if (JSON.stringify(names) !== JSON.stringify([...ledger.publishers].sort())) {
      problems.push(`publishers changed: ${names.join(', ')}`);
    }
  } finally {
    if (typeof source === 'string') await store.close();
  }
  return problems;
}

function checkArticles(ledger: Ledger, docs: ArticleDoc[], problems: string[]): void {
  const byId = new Map(docs.map((d) => [d._id, d]));
  for (const [id, entry] of ledger.articles) {
    const doc = byId.get(id);
    if (!doc) {
      problems.push(`acknowledged post ${id} "${entry.title}" is missing`);
      continue;
    }
    if (doc.articleTitle !== entry.title || doc.userInfo?.email !== entry.author) {
      problems.push(`post ${id} changed: "${doc.articleTitle}" by ${doc.userInfo?.email}`);
    }
    if (entry.approved && doc.status !== 'Approved') {
      problems.push(`acknowledged approval of ${id} is missing (status ${doc.status})`);
    } else if (
      !entry.approved &&
      doc.status !== 'Pending' &&
      !(entry.approveUnanswered && doc.status === 'Approved')
    ) {
      problems.push(`post ${id} is ${doc.status} without an approval`);
    }
    const views = doc.totalViewCount ?? 0;
    if (views < entry.countedViews || views > entry.countedViews + entry.unansweredViews) {
      problems.push(
        `post ${id}: ${views} views, expected ${entry.countedViews} acknowledged + at most ${entry.unansweredViews} unanswered`,
      );
    }
    entry.approved = doc.status === 'Approved';
    entry.approveUnanswered = false;
    entry.countedViews = views;
    entry.unansweredViews = 0;
  }
  for (const doc of docs) {
    if (ledger.articles.has(doc._id)) continue;
    const author = ledger.unansweredTitles.get(doc.articleTitle);
    if (author !== doc.userInfo?.email || doc.status !== 'Pending' || (doc.totalViewCount ?? 0) !== 0) {
      problems.push(`unexpected article ${doc._id} "${doc.articleTitle}" (${doc.status})`);
      continue;
    }
    ledger.unansweredTitles.delete(doc.articleTitle);
    ledger.cutOff.landed++;
    ledger.articles.set(doc._id, {
      title: doc.articleTitle,
      author,
      approved: false,
      approveUnanswered: false,
      countedViews: 0,
      unansweredViews: 0,
    });
  }
  ledger.cutOff.lost += ledger.unansweredTitles.size;
  ledger.unansweredTitles.clear(); // not on disk now: those posts never happened
}

function checkUsers(ledger: Ledger, docs: UserDoc[], problems: string[]): void {
  const byEmail = new Map(docs.map((d) => [d.email, d]));
  if (docs.length !== ledger.users.size) problems.push(`${docs.length} users, expected ${ledger.users.size}`);
  for (const [email, entry] of ledger.users) {
    const doc = byEmail.get(email);
    if (!doc) {
      problems.push(`user ${email} is missing`);
      continue;
    }
    if (doc.name !== entry.name && !entry.unansweredNames.includes(doc.name)) {
      problems.push(`user ${email} is named "${doc.name}", expected "${entry.name}" (last acknowledged)`);
    }
    if (entry.unansweredNames.length > 0) {
      if (entry.unansweredNames.includes(doc.name)) ledger.cutOff.landed++;
      else ledger.cutOff.lost++;
    }
    entry.name = doc.name;
    entry.unansweredNames = [];
  }
}

/**
 * Grants: the durable proof of one is its payment record in state 'granted' and premiumEndAt, which
 * it extended (payments/grant.ts); `premiumGrants` only holds grants under way. So: an acknowledged
 * grant has a granted record; premiumEndAt reaches past every extended grant's end; and no grant was
 * applied twice: each extension is max(now, end) + seconds, so premiumEndAt never exceeds the time of
 * this check plus the seconds of the grants extended (granted records, and pending ones whose id is
 * in premiumGrants). A grant applied twice adds a plan's seconds more than that allows whenever
 * the run is shorter than the plan (the 1-minute plan here).
 */
function checkPayments(ledger: Ledger, users: UserDoc[], docs: PaymentDoc[], problems: string[]): void {
  const userByEmail = new Map(users.map((u) => [u.email, u]));
  const byIntent = new Map(docs.map((d) => [d.paymentIntentId, d]));
  for (const [id, entry] of ledger.payments) {
    const record = byIntent.get(id);
    if (entry.acknowledged) {
      if (!record) problems.push(`acknowledged grant ${id} has no payment record`);
      else if (record.state === 'pending') problems.push(`acknowledged grant ${id} is still pending`);
    }
  }
  const extendedSeconds = new Map<string, number>();
  for (const record of docs) {
    if (record.state === 'pending') ledger.cutOff.pendingGrants++;
    const entry = ledger.payments.get(record.paymentIntentId);
    if (!entry || entry.email !== record.email) {
      problems.push(`unexpected payment record ${record.paymentIntentId}`);
      continue;
    }
    const user = userByEmail.get(record.email);
    const extended =
      record.state !== 'pending' || (user?.premiumGrants ?? []).includes(record.paymentIntentId);
    if (extended)
      extendedSeconds.set(record.email, (extendedSeconds.get(record.email) ?? 0) + record.seconds);
    if (record.state !== 'pending') {
      const end = user?.premiumEndAt ? new Date(user.premiumEndAt).getTime() : 0;
      if (end < new Date(record.grantedAt).getTime() + record.seconds * 1000) {
        problems.push(`premiumEndAt of ${record.email} is before the end of grant ${record.paymentIntentId}`);
      }
    }
  }
  const now = Date.now();
  for (const user of users) {
    const grants = user.premiumGrants ?? [];
    if (new Set(grants).size !== grants.length) problems.push(`${user.email}: an intent granted twice`);
    for (const id of grants) {
      if (!byIntent.has(id)) problems.push(`${user.email}: extension for ${id} without a payment record`);
    }
    const seconds = extendedSeconds.get(user.email);
    if (seconds !== undefined && user.premiumEndAt) {
      const start = new Date(user.premiumEndAt).getTime() - seconds * 1000;
      if (start > now + 1000) {
        problems.push(
          `${user.email}: premiumEndAt is ${Math.round((start - now) / 1000)} s past its grants (one applied twice)`,
        );
      }
    }
  }
}
