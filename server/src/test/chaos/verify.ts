/**
 * After a crash: opens the store the killed API left (recovery included) and checks it against the
 * ledger. Every acknowledged write must be there; anything else must be explained by a write whose
 * answer never came. What such a write turned out to be is then adopted into the ledger: from now
 * on it is on disk and must stay.
 */
import type { Doc, Store } from '../../store/port.js';
import { openEmbeddedStore } from '../../store/embedded/index.js';
import type { Ledger } from './ledger.js';
import type { PremiumGrantRecord } from '../../billing/grants/repository.js';
import { derivePremium, type LedgerPeriod, type LedgerTime } from '@newsroom/common';

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
}
type GrantDoc = PremiumGrantRecord;
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
    const grants = await store.collection<GrantDoc>('premium_grants').find({});
    const publishers = await store.collection('publishers').find({});
    checkArticles(ledger, articles, problems);
    // An acknowledged approval's follow-ups are made, or still owed in the event outbox
    // (docs/decisions/event-outbox.md): a kill between the answer and them loses neither. The outbox
    // is read first: the instances still running may expand an entry meanwhile, and an entry is
    // dropped only after its digest record is written, so what leaves the outbox after this read is
    // in the digest records read next (read the other way round, such an entry was in neither).
    const owed = (await store.collection('event_outbox').find({})).map((e) => String(e.articleId));
    const approvals = new Set((await store.collection('digest_articles').find({})).map((d) => d._id));
    for (const id of owed) approvals.add(id);
    for (const [id, entry] of ledger.articles) {
      if (entry.approved && !approvals.has(id))
        problems.push(`acknowledged approval of ${id} has neither its digest record nor an outbox entry`);
    }
    checkUsers(ledger, users, problems);
    checkPayments(ledger, users, payments, grants, problems);
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
 * Grants: the durable proof of one is its payment record in state 'granted', written after premium
 * was derived with it (payments/grant.ts, docs/decisions/premium-ledger.md). So: an acknowledged grant
 * has a granted record; and premiumEndAt lies between the ledger's derivation from the granted records
 * (each was derived before it was marked) and from every record (a pending one was derived or not when
 * the crash came). A grant applied twice would put it past the second.
 */
function checkPayments(
  ledger: Ledger,
  users: UserDoc[],
  docs: PaymentDoc[],
  grants: GrantDoc[],
  problems: string[],
): void {
  const byIntent = new Map(docs.map((d) => [d.paymentIntentId, d]));
  for (const [id, entry] of ledger.payments) {
    const record = byIntent.get(id);
    if (entry.acknowledged) {
      if (!record) problems.push(`acknowledged grant ${id} has no payment record`);
      else if (record.state === 'pending') problems.push(`acknowledged grant ${id} is still pending`);
    }
  }
  for (const record of docs) {
    if (record.state === 'pending') ledger.cutOff.pendingGrants++;
    const entry = ledger.payments.get(record.paymentIntentId);
    if (!entry || entry.email !== record.email)
      problems.push(`unexpected payment record ${record.paymentIntentId}`);
  }
  const ms = (iso: string | null) => (iso ? Date.parse(iso) : 0);
  for (const user of users) {
    const own = docs.filter((d) => d.email === user.email);
    if (own.length === 0) continue;
    const periods: LedgerPeriod[] = grants
      .filter((g) => g.email === user.email && g.kind === 'legacy' && g.start && g.end)
      .map((g) => ({ id: g._id, kind: 'grant', start: g.start!, end: g.end! }));
    const times = (records: PaymentDoc[]): LedgerTime[] =>
      records.map((r) => ({
        id: r.paymentIntentId,
        kind: 'pass',
        paidAt: r.grantedAt,
        seconds: r.seconds,
        order: r._id,
      }));
    const least = derivePremium({
      periods,
      times: times(own.filter((r) => r.state !== 'pending')),
    }).premiumEndAt;
    const most = derivePremium({ periods, times: times(own) }).premiumEndAt;
    const end = ms(user.premiumEndAt);
    if (end < ms(least))
      problems.push(`premiumEndAt of ${user.email} is before the end of its granted passes`);
    if (end > ms(most))
      problems.push(`${user.email}: premiumEndAt is past what its passes paid for (one applied twice)`);
  }
}
