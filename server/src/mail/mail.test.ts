/**
 * Every mail kind, read through an SMTP server in the test (test/smtp.ts): who gets it, its subject,
 * links that work, no one else's address, no premium text; the double opt-in, the one-click
 * unsubscribe without a session, the digest, and SMTP being down (docs/decisions/email.md).
 */
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertArticle } from '../test/article-fixtures.js';
import { bearer, makeTestApp, signInAs, type SignedIn, type TestApp } from '../test/app.js';
import { startTestSmtp, type ReceivedMail, type TestSmtp } from '../test/smtp.js';
import { InProcessDomainEvents } from '../events/domain.js';
import type { User } from '../users/types.js';
import { createMailJobs, type MailJobs } from './jobs.js';
import type { OutboxMail } from './repository.js';
import { subscribeMail } from './subscriber.js';

const DAY = 24 * 3_600_000;
let now = Date.UTC(2026, 5, 1, 6, 30);
const clock = { now: () => new Date(now) };

let smtp: TestSmtp;
let t: TestApp;
let jobs: MailJobs;
let admin: SignedIn;
let writer: SignedIn;

const outbox = () => t.deps.store.collection<OutboxMail>('mail_outbox');

/** Waits until the event subscribers have queued `count` mails for `to` (they run after the answer). */
async function queued(to: string, count = 1): Promise<OutboxMail[]> {
  for (let i = 0; i < 200; i++) {
    const mails = await outbox().find({ to });
    if (mails.length >= count) return mails;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no mail queued for ${to}`);
}

/** Runs the sender once and answers the mails that arrived for `to` since `before`. */
async function deliver(to: string, before = smtp.mails.length): Promise<ReceivedMail[]> {
  await jobs.sendDue();
  return smtp.mails.slice(before).filter((m) => m.to.includes(to));
}

const linkIn = (mail: ReceivedMail, pattern: RegExp) => {
  const found = pattern.exec(mail.text);
  if (!found) throw new Error(`no link ${pattern} in ${mail.text}`);
  return new URL(found[0]);
};

const moderate = (path: string, body: object = {}) =>
  request(t.app).patch(path).set(bearer(admin.token)).send(body);

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await makeTestApp({ clock, config: { smtpUrl: smtp.url, mailFrom: 'Newsroom <news@newsroom.test>' } });
  jobs = createMailJobs({ ...t.deps, services: t.services, sendingStaleMs: 60_000 });
  admin = await signInAs(t, { role: 'admin' });
  writer = await signInAs(t, { name: 'Wren Writer' });
});

afterAll(async () => {
  jobs.close();
  await t.close();
  await smtp.close();
});

beforeEach(() => {
  smtp.refuse = false;
});

function expectOnlyOwnAddress(mail: ReceivedMail, own: string) {
  const addresses = mail.raw.match(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g) ?? [];
  const others = addresses.filter((a) => a !== own && a !== 'news@newsroom.test' && !a.endsWith('.smtp'));
  // Message-ID is made by nodemailer from the From domain.
  expect(others.filter((a) => !a.endsWith('@newsroom.test'))).toEqual([]);
}

describe('the writer', () => {
  it('gets a mail when their article is approved, with a working link and one-click unsubscribe headers', async () => {
    const article = await insertArticle(t.store, {
      status: 'Pending',
      articleTitle: 'Harbour lights return',
      userInfo: { name: 'Wren Writer', image: '', email: writer.email },
    });
    const res = await moderate(`/update/status/${article._id}`);
    expect(res.status).toBe(200);
    await queued(writer.email);
    const [mail] = await deliver(writer.email);
    expect(mail).toBeDefined();
    expect(mail!.to).toEqual([writer.email]);
    expect(mail!.subject).toBe('Your article is published: Harbour lights return');
    expect(mail!.html).toContain('Harbour lights return');
    expect(mail!.text).toContain('Hello Wren Writer,');
    const link = linkIn(mail!, /http:\/\/localhost:5173\/article-details\/[0-9a-f]{24}/);
    expect(link.pathname).toBe(`/article-details/${article._id}`);
    // The link's article is public now.
    expect((await request(t.app).get(`/articles/public/${article._id}`)).status).toBe(200);
    expect(mail!.headers['list-unsubscribe']).toMatch(
      /^<http:\/\/127\.0\.0\.1:5000\/mail\/unsubscribe\?token=[\w.-]+>, <mailto:news@newsroom\.test\?subject=unsubscribe>$/,
    );
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expectOnlyOwnAddress(mail!, writer.email);
    expect(mail!.raw).not.toContain(admin.email);
    expect(mail!.text.startsWith('NEWSROOM')).toBe(true);
    expect(mail!.html).toMatch(/^<!DOCTYPE html/i);
  });

  it('gets the reason when their article is declined, and a mail when it is made premium', async () => {
    const declined = await insertArticle(t.store, {
      status: 'Pending',
      articleTitle: 'Too soon',
      userInfo: { name: 'Wren Writer', image: '', email: writer.email },
    });
    expect(
      (await moderate(`/article/decline/${declined._id}`, { decliningReason: 'Needs a second source' }))
        .status,
    ).toBe(200);
    const premium = await insertArticle(t.store, {
      articleTitle: 'The long read',
      userInfo: { name: 'Wren Writer', image: '', email: writer.email },
    });
    expect((await moderate(`/make-premium/${premium._id}`)).status).toBe(200);
    await queued(writer.email, 3);
    const mails = await deliver(writer.email);
    const subjects = mails.map((m) => m.subject).sort();
    expect(subjects).toEqual([
      'Your article is now premium: The long read',
      'Your article was declined: Too soon',
    ]);
    const declinedMail = mails.find((m) => m.subject.startsWith('Your article was declined'))!;
    expect(declinedMail.text).toContain('The reason given: Needs a second source');
    expect(linkIn(declinedMail, /http:\/\/localhost:5173\/my-articles/).pathname).toBe('/my-articles');
    // Premium text of the writer's own article is not mailed either.
    const premiumMail = mails.find((m) => m.subject.startsWith('Your article is now premium'))!;
    expect(premiumMail.raw).not.toContain('Body of article');
  });

  it('gets the editor’s note each time changes are requested, and a link to their articles', async () => {
    const editor = await signInAs(t, { role: 'editor', name: 'Eddie Editor' });
    const article = await insertArticle(t.store, {
      status: 'Pending',
      articleTitle: 'Harbour fees',
      userInfo: { name: 'Wren Writer', image: '', email: writer.email },
    });
    const ask = (reviewNote: string) =>
      request(t.app)
        .patch(`/article/request-changes/${article._id}`)
        .set(bearer(editor.token))
        .send({ reviewNote })
        .expect(200);
    const before = (await outbox().find({ to: writer.email })).length;
    await ask('Quote the port authority');
    await queued(writer.email, before + 1);
    let mails = await deliver(writer.email);
    expect(mails.map((m) => m.subject)).toEqual(['Changes requested: Harbour fees']);
    expect(mails[0]!.text).toContain('Their note: Quote the port authority');
    expect(linkIn(mails[0]!, /http:\/\/localhost:5173\/my-articles/).pathname).toBe('/my-articles');
    expect(mails[0]!.raw).not.toContain(editor.email);

    // Resubmitted (Pending again: writer.test.ts edits through the API) and sent back once more: a
    // second mail, with the new note.
    await t.store.collection('articles').updateOne({ _id: article._id }, { $set: { status: 'Pending' } });
    now += 60_000;
    await ask('Now add the figures for 2025');
    await queued(writer.email, before + 2);
    mails = await deliver(writer.email);
    expect(mails.map((m) => m.text.includes('Their note: Now add the figures for 2025'))).toEqual([true]);
  });

  it('GET /me/mails lists only the caller’s own mails, newest first', async () => {
    const res = await request(t.app).get('/me/mails').set(bearer(writer.token));
    expect(res.status).toBe(200);
    expect(res.body.mails.map((m: { kind: string }) => m.kind).sort()).toEqual([
      'article.approved',
      'article.changesRequested',
      'article.changesRequested',
      'article.declined',
      'article.madePremium',
    ]);
    expect(res.body.mails.every((m: { status: string }) => m.status === 'sent')).toBe(true);
    expect(JSON.stringify(res.body)).not.toContain('@');
    expect((await request(t.app).get('/me/mails').set(bearer(admin.token))).body.mails).toEqual([]);
    expect((await request(t.app).get('/me/mails')).status).toBe(401);
  });

  it('unsubscribes from notices with the mail’s link, without a session (GET page, RFC 8058 POST)', async () => {
    const mail = smtp.mails.find((m) => m.to.includes(writer.email))!;
    const url = new URL(/<([^>]+)>/.exec(mail.headers['list-unsubscribe']!)![1]!);
    const page = await request(t.app).get(url.pathname + url.search);
    expect(page.status).toBe(200);
    expect(page.type).toBe('text/html');
    expect(page.text).toContain('<form method="post" action="/mail/unsubscribe?token=');
    // The GET changed nothing (mail scanners follow links).
    expect((await request(t.app).get('/me/mail-preferences').set(bearer(writer.token))).body.notices).toBe(
      true,
    );
    const done = await request(t.app)
      .post(url.pathname + url.search)
      .type('form')
      .send('List-Unsubscribe=One-Click');
    expect(done.status).toBe(200);
    expect(done.text).toContain('no more notices');
    expect((await request(t.app).get('/me/mail-preferences').set(bearer(writer.token))).body.notices).toBe(
      false,
    );

    // Now an approval sends the writer nothing.
    const article = await insertArticle(t.store, {
      status: 'Pending',
      userInfo: { name: 'Wren Writer', image: '', email: writer.email },
    });
    expect((await moderate(`/update/status/${article._id}`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    expect(await outbox().countDocuments({ to: writer.email, kind: 'article.approved' })).toBe(1);

    // A forged token changes nothing.
    const forged = url.search.replace(/\.(.)/, (_m, c: string) => `.${c === 'A' ? 'B' : 'A'}`);
    expect(forged).not.toBe(url.search);
    expect((await request(t.app).post(`/mail/unsubscribe${forged}`)).status).toBe(400);

    // Opened in a browser, a link that does not work says so on a page, and still changes nothing.
    const browser = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    for (const [method, path] of [
      ['get', `/mail/unsubscribe${forged}`],
      ['post', `/mail/unsubscribe${forged}`],
      ['get', '/mail/confirm?token=cut-sh'],
      ['post', '/mail/confirm'],
    ] as const) {
      const shown = await request(t.app)[method](path).set('Accept', browser);
      expect(shown.status, path).toBe(400);
      expect(shown.type).toBe('text/html');
      expect(shown.text).toContain('<h1>This link does not work</h1>');
      expect(shown.text).toContain('open <strong>E-mail</strong> in your dashboard');
    }
    expect((await request(t.app).get(`/mail/confirm?token=cut-sh`)).body).toMatchObject({
      message: expect.any(String),
    });
    expect((await request(t.app).get('/me/mail-preferences').set(bearer(writer.token))).body.notices).toBe(
      false,
    );
  });
});

describe('SMTP down', () => {
  it('the approval still succeeds; the mail is retried with backoff and delivered later', async () => {
    const author = await signInAs(t, { name: 'Patient Author' });
    smtp.refuse = true;
    const article = await insertArticle(t.store, {
      status: 'Pending',
      articleTitle: 'Delayed but delivered',
      userInfo: { name: 'Patient Author', image: '', email: author.email },
    });
    expect((await moderate(`/update/status/${article._id}`)).status).toBe(200);
    await queued(author.email);
    expect(await deliver(author.email)).toEqual([]);
    const [waiting] = await outbox().find({ to: author.email });
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(Date.parse(waiting!.nextAttemptAt)).toBe(now + 30_000);

    // Not before its backoff is over.
    smtp.refuse = false;
    expect(await deliver(author.email)).toEqual([]);
    now += 31_000;
    const [mail] = await deliver(author.email);
    expect(mail?.subject).toBe('Your article is published: Delayed but delivered');
    expect((await outbox().find({ to: author.email }))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('no SMTP server at all: the sender fails, the request does not', async () => {
    const author = await signInAs(t, { name: 'Offline Author' });
    const offline = createMailJobs({
      ...t.deps,
      services: t.services,
      config: { ...t.deps.config, smtpUrl: 'smtp://127.0.0.1:9' },
    });
    const article = await insertArticle(t.store, {
      status: 'Pending',
      userInfo: { name: 'Offline Author', image: '', email: author.email },
    });
    expect((await moderate(`/update/status/${article._id}`)).status).toBe(200);
    await queued(author.email);
    expect((await offline.sendDue()).failed).toBeGreaterThan(0);
    offline.close();
    expect((await outbox().find({ to: author.email }))[0]).toMatchObject({ status: 'pending', attempts: 1 });
  });
});

describe('premium mails', () => {
  it('starts (from the domain event), ends soon (3 days before) and lapses (the scheduled check)', async () => {
    const reader = await signInAs(t, { name: 'Pat Premium' });
    const events = new InProcessDomainEvents();
    subscribeMail(events, { ...t.deps, followUps: t.services.followUps });
    const end = new Date(now + 30 * DAY).toISOString();
    await events.publish({ type: 'premium.granted', email: reader.email, premiumEndAt: end });
    // The same grant twice (every instance sees every event) queues one mail.
    await events.publish({ type: 'premium.granted', email: reader.email, premiumEndAt: end });
    await queued(reader.email);
    let mails = await deliver(reader.email);
    expect(mails.map((m) => m.subject)).toEqual(['Your premium is active']);
    expect(linkIn(mails[0]!, /http:\/\/localhost:5173\/premium-articles/).pathname).toBe('/premium-articles');

    const users = t.store.collection<User>('users');
    const soon = new Date(now + 2 * DAY).toISOString();
    await users.updateOne({ email: reader.email }, { $set: { premiumEndAt: soon } });
    await jobs.schedule();
    await jobs.schedule();
    mails = await deliver(reader.email);
    expect(mails.map((m) => m.subject)).toEqual([
      `Your premium ends on ${new Date(soon).getUTCDate()} June 2026`,
    ]);
    expect(linkIn(mails[0]!, /http:\/\/localhost:5173\/subscription/).pathname).toBe('/subscription');

    now = Date.parse(soon) + 3_600_000;
    await jobs.schedule();
    mails = await deliver(reader.email);
    expect(mails.map((m) => m.subject)).toEqual(['Your premium has ended']);
    expectOnlyOwnAddress(mails[0]!, reader.email);
  });
});

describe('the digest', () => {
  let reader: SignedIn;
  const prefs = { digest: 'daily', scope: 'everything', hour: 7, notices: true };

  it('needs the address confirmed first (double opt-in); the confirm link works without a session', async () => {
    reader = await signInAs(t, { name: 'Dee Digest' });
    const put = await request(t.app).put('/me/mail-preferences').set(bearer(reader.token)).send(prefs);
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ ...prefs, confirmed: false, pendingConfirmation: true });
    expect(
      (
        await request(t.app)
          .put('/me/mail-preferences')
          .set(bearer(reader.token))
          .send({ ...prefs, hour: 24 })
      ).status,
    ).toBe(400);

    const [confirm] = await deliver(reader.email);
    expect(confirm?.subject).toBe('Confirm your Newsroom digest');
    const link = linkIn(confirm!, /http:\/\/127\.0\.0\.1:5000\/mail\/confirm\?token=[\w.-]+/);
    const page = await request(t.app).get(link.pathname + link.search);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<form method="post"');
    expect((await request(t.app).get('/me/mail-preferences').set(bearer(reader.token))).body.confirmed).toBe(
      false,
    );

    // Unconfirmed: no digest, however much is approved.
    await approveNew('Before confirming');
    now += DAY;
    await jobs.schedule();
    expect(await deliver(reader.email)).toEqual([]);

    const done = await request(t.app).post(link.pathname + link.search);
    expect(done.status).toBe(200);
    expect(done.text).toContain('Your daily digest is on');
    expect((await request(t.app).get('/me/mail-preferences').set(bearer(reader.token))).body).toMatchObject({
      confirmed: true,
      pendingConfirmation: false,
    });
    // The minute's job runs: a first digest would list only the day before confirming, and what was
    // approved before that (a day and more ago) is not in it.
    await jobs.schedule();
    expect((await deliver(reader.email)).map((m) => m.text).join()).not.toContain('Before confirming');
  });

  async function approveNew(title: string, overrides: Parameters<typeof insertArticle>[1] = {}) {
    const article = await insertArticle(t.store, {
      status: 'Pending',
      articleTitle: title,
      userInfo: { name: 'Wren Writer', image: '', email: writer.email },
      ...overrides,
    });
    expect((await moderate(`/update/status/${article._id}`)).status).toBe(200);
    for (let i = 0; i < 200; i++) {
      if (await t.deps.store.collection('digest_articles').findOne({ _id: article._id })) return article;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('approval not recorded');
  }

  it('lists what was approved since, premium ones as teasers; never twice, never two in one period', async () => {
    now += 60_000;
    await approveNew('Free news today', { articleDescription: 'The free story begins here.' });
    const premium = await approveNew('Premium scoop', {
      articleDescription: 'SECRET-PREMIUM-TEXT of the scoop.',
    });
    expect((await moderate(`/make-premium/${premium._id}`)).status).toBe(200);
    now = nextSeven(now);
    await jobs.schedule();
    await jobs.schedule();
    const mails = await deliver(reader.email);
    expect(mails.map((m) => m.subject)).toEqual(['Your daily Newsroom digest: 2 new articles']);
    const [digest] = mails;
    expect(digest!.text).toContain('Free news today');
    expect(digest!.text).toContain('The free story begins here.');
    expect(digest!.text).toContain('Premium scoop');
    expect(digest!.raw).not.toContain('SECRET-PREMIUM-TEXT');
    expect(digest!.text).not.toContain('Before confirming');
    expect(linkIn(digest!, /http:\/\/localhost:5173\/subscription/).pathname).toBe('/subscription');
    expect(linkIn(digest!, new RegExp(`http://localhost:5173/article-details/${premium._id}`))).toBeDefined();
    expectOnlyOwnAddress(digest!, reader.email);
    expect(digest!.raw).not.toContain(writer.email);

    // Same period again: nothing. Next day: only what is new.
    await jobs.schedule();
    expect(await deliver(reader.email)).toEqual([]);
    await approveNew('Tomorrow’s story');
    now = nextSeven(now);
    await jobs.schedule();
    const next = await deliver(reader.email);
    expect(next.map((m) => m.subject)).toEqual(['Your daily Newsroom digest: 1 new article']);
    expect(next[0]!.text).not.toContain('Free news today');

    // The digest's own unsubscribe link turns it off (RFC 8058 POST, no session).
    const url = new URL(/<([^>]+)>/.exec(next[0]!.headers['list-unsubscribe']!)![1]!);
    const res = await request(t.app)
      .post(url.pathname + url.search)
      .type('form')
      .send('List-Unsubscribe=One-Click');
    expect(res.status).toBe(200);
    expect((await request(t.app).get('/me/mail-preferences').set(bearer(reader.token))).body.digest).toBe(
      'off',
    );
    await approveNew('After unsubscribing');
    now = nextSeven(now);
    await jobs.schedule();
    expect(await deliver(reader.email)).toEqual([]);
  });

  it('confirmed within the reader’s hour, the first digest comes at once with the day before; else at their hour', async () => {
    const [early, late] = [await signInAs(t, { name: 'Ed Early' }), await signInAs(t, { name: 'Lu Later' })];
    now = nextSeven(now) + 5 * 60_000; // 07:06 UTC
    const yesterday = now - 20 * 3_600_000;
    const saved = now;
    now = yesterday;
    await approveNew('Approved yesterday');
    now = saved;
    const confirmLink = async (who: SignedIn, hour: number) => {
      const put = await request(t.app)
        .put('/me/mail-preferences')
        .set(bearer(who.token))
        .send({ ...prefs, hour });
      expect(put.status).toBe(200);
      const [confirm] = await deliver(who.email);
      return linkIn(confirm!, /http:\/\/127\.0\.0\.1:5000\/mail\/confirm\?token=[\w.-]+/);
    };
    const [earlyLink, lateLink] = [await confirmLink(early, 7), await confirmLink(late, 9)];
    for (const link of [earlyLink, lateLink])
      expect((await request(t.app).post(link.pathname + link.search)).status).toBe(200);

    await jobs.schedule();
    const [first, ...more] = await deliver(early.email);
    expect(more).toEqual([]);
    expect(first?.subject).toMatch(/^Your daily Newsroom digest/);
    expect(first!.text).toContain('Approved yesterday');
    // The other reader's hour has not come yet; at 09:00 theirs comes, with the same day before.
    expect(await deliver(late.email)).toEqual([]);
    now += 2 * 3_600_000;
    await jobs.schedule();
    const [theirs] = await deliver(late.email);
    expect(theirs!.text).toContain('Approved yesterday');
    // Never a second one in the early reader's period.
    await jobs.schedule();
    expect(await deliver(early.email)).toEqual([]);
  });

  it('"what I follow" lists only followed publishers and writers', async () => {
    const follower = await signInAs(t, { name: 'Fay Follower' });
    const publisher = await request(t.app).get('/publisher-data');
    const planet = (publisher.body as Array<{ _id: string; publisherName: string }>).find(
      (p) => p.publisherName === 'Daily Planet',
    );
    if (!planet)
      await t.store.collection('publishers').insertOne({
        _id: 'a'.repeat(24),
        publisherName: 'Daily Planet',
        logo: 'https://example.test/l.png',
      });
    const planetId = planet?._id ?? 'a'.repeat(24);
    expect(
      (await request(t.app).post(`/follows/publishers/${planetId}`).set(bearer(follower.token))).status,
    ).toBe(200);
    const put = await request(t.app)
      .put('/me/mail-preferences')
      .set(bearer(follower.token))
      .send({ ...prefs, scope: 'following' });
    expect(put.status).toBe(200);
    const [confirm] = await deliver(follower.email);
    const link = linkIn(confirm!, /http:\/\/127\.0\.0\.1:5000\/mail\/confirm\?token=[\w.-]+/);
    expect((await request(t.app).post(link.pathname + link.search)).status).toBe(200);
    now += 60_000;
    await approveNew('From the Planet');
    await approveNew('From elsewhere', { publisher: 'Other Gazette' });
    now = nextSeven(now);
    await jobs.schedule();
    const [digest] = await deliver(follower.email);
    expect(digest?.text).toContain('From the Planet');
    expect(digest?.text).not.toContain('From elsewhere');
  });
});

/** The next 07:00 UTC after `ms`, plus a minute. */
function nextSeven(ms: number): number {
  const d = new Date(ms);
  let seven = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 7);
  if (seven <= ms) seven += DAY;
  return seven + 60_000;
}
