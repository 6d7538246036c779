/**
 * An approval's follow-ups (the digest's record, the writer's mail) come from the event-outbox entry
 * written with the approval (docs/decisions/event-outbox.md): a process that stops after the approval
 * and before the follow-ups leaves the entry, and the sweep of the next start makes them; a replay of an
 * expansion cut off half-way makes nothing twice; the mail is rendered when sent, not when queued.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { quietServices } from '../services.js';
import { openEmbeddedStore } from '../store/embedded/index.js';
import { ensureIndexes } from '../store/index.js';
import type { Store } from '../store/port.js';
import { insertArticle } from '../test/article-fixtures.js';
import { startTestSmtp, type TestSmtp } from '../test/smtp.js';
import { createMailJobs } from './jobs.js';
import type { DigestArticle, OutboxMail } from './repository.js';

const dir = mkdtempSync(path.join(tmpdir(), 'newsroom-follow-ups-'));
const WRITER = 'wren@follow-ups.test';
const APPROVED_AT = Date.UTC(2026, 6, 1, 9);
let now = APPROVED_AT;
const clock = { now: () => new Date(now) };
const logger = pino({ level: 'silent' });
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp.close();
  rmSync(dir, { recursive: true, force: true });
});

const config = () =>
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dir,
    JWT_SECRET: 'k'.repeat(48),
    SMTP_URL: smtp.url,
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
  });

async function open(): Promise<Store> {
  const store = await openEmbeddedStore({ dir: path.join(dir, 'store') });
  await ensureIndexes(store);
  return store;
}

/** The services of a process whose event subscribers never run (it stops right after its answers). */
const quiet = (store: Store) => quietServices({ store, config: config(), clock, logger });
const outbox = (store: Store) => store.collection<OutboxMail>('mail_outbox').find({ to: WRITER });
const digest = (store: Store) => store.collection<DigestArticle>('digest_articles').find({});
const entries = (store: Store) => store.collection('event_outbox').find({});

it('makes the digest record and the mail of an approval whose process stopped before them, once however often replayed', async () => {
  let store = await open();
  await store
    .collection('users')
    .insertOne({ _id: 'u1', email: WRITER, name: 'Wren Writer', publicId: 'p1' });
  const article = await insertArticle(store, {
    status: 'Pending',
    articleTitle: 'Harbour lights return',
    userInfo: { name: 'Wren Writer', image: '', email: WRITER },
  });
  // Approved by a process whose event subscribers never ran (it stops right after the answer).
  const { articles } = quiet(store);
  await articles.approve(article._id);
  await store.close();

  now = APPROVED_AT + 5 * 60_000;
  store = await open();
  expect(await outbox(store)).toEqual([]);
  const jobs = createMailJobs({ store, config: config(), clock, logger, services: quiet(store) });
  expect(await jobs.followUps()).toBe(1);
  const [mail] = await outbox(store);
  expect(mail?.subject).toBe('Your article is published: Harbour lights return');
  // Queued unrendered: the sender renders it.
  expect(mail?.html).toBeUndefined();
  expect(await digest(store)).toEqual([
    { _id: article._id, approvedAt: new Date(APPROVED_AT).toISOString() },
  ]);
  expect(await entries(store)).toEqual([]);

  // A replay of the expansion cut off before the entry was dropped: nothing twice.
  await store.collection('event_outbox').insertOne({
    _id: `article.approved:${article._id}`,
    type: 'article.approved',
    articleId: article._id,
    at: new Date(APPROVED_AT + 60_000).toISOString(),
  });
  expect(await jobs.followUps()).toBe(1);
  expect(await outbox(store)).toHaveLength(1);
  expect(await digest(store)).toEqual([
    { _id: article._id, approvedAt: new Date(APPROVED_AT).toISOString() },
  ]);
  expect(await entries(store)).toEqual([]);

  await jobs.sendDue();
  const sent = smtp.mails.filter((m) => m.to.includes(WRITER));
  expect(sent).toHaveLength(1);
  expect(sent[0]!.text).toContain('Hello Wren Writer,');
  expect(sent[0]!.html).toContain('Harbour lights return');
  jobs.close();
  await store.close();
});

it('drops, making nothing, an entry whose approval never happened once it has settled', async () => {
  const store = await open();
  const article = await insertArticle(store, {
    status: 'Pending',
    articleTitle: 'Never approved',
    userInfo: { name: 'Wren Writer', image: '', email: WRITER },
  });
  const at = new Date(now).toISOString();
  await store.collection('event_outbox').insertOne({
    _id: `article.approved:${article._id}`,
    type: 'article.approved',
    articleId: article._id,
    at,
  });
  const jobs = createMailJobs({ store, config: config(), clock, logger, services: quiet(store) });
  const mailsBefore = (await outbox(store)).length;
  // Its write may still be on its way: kept.
  await jobs.followUps();
  expect(await entries(store)).toHaveLength(1);
  now += 61_000;
  await jobs.followUps();
  expect(await entries(store)).toEqual([]);
  expect(await outbox(store)).toHaveLength(mailsBefore);
  expect((await digest(store)).map((d) => d._id)).not.toContain(article._id);
  jobs.close();
  await store.close();
});

it("queues the writer's mail of a decline, a request for changes and a premium label whose process stopped before it, once however often replayed", async () => {
  let store = await open();
  const writer = 'dora@follow-ups.test';
  await store.collection('users').insertOne({ _id: 'u2', email: writer, name: 'Dora Desk', publicId: 'p2' });
  const byDora = { userInfo: { name: 'Dora Desk', image: '', email: writer } };
  const [declined, sentBack, premium] = await Promise.all([
    insertArticle(store, { status: 'Pending', articleTitle: 'Tide tables', ...byDora }),
    insertArticle(store, { status: 'Pending', articleTitle: 'Ferry fares', ...byDora }),
    insertArticle(store, { articleTitle: 'Quay lights', ...byDora }),
  ]);
  // Moderated by a process whose event subscribers never ran (it stops right after the answers).
  const { articles } = quiet(store);
  await articles.decline(declined._id, 'Sources missing');
  await articles.requestChanges(sentBack._id, 'Add the new prices');
  await articles.makePremium(premium._id);
  await store.close();

  store = await open();
  const mails = () => store.collection<OutboxMail>('mail_outbox').find({ to: writer });
  expect(await mails()).toEqual([]);
  const jobs = createMailJobs({ store, config: config(), clock, logger, services: quiet(store) });
  expect(await jobs.followUps()).toBe(3);
  expect((await mails()).map((m) => m.subject).sort()).toEqual([
    'Changes requested: Ferry fares',
    'Your article is now premium: Quay lights',
    'Your article was declined: Tide tables',
  ]);
  expect(await entries(store)).toEqual([]);
  // A replay cut off before its entries were dropped: no mail twice.
  for (const entry of ['article.declined', 'article.madePremium'])
    await store.collection('event_outbox').insertOne({
      _id: `mail:${entry}:${entry === 'article.declined' ? declined._id : premium._id}`,
      type: 'mail',
      key: `${entry}:${entry === 'article.declined' ? declined._id : premium._id}`,
      to: writer,
      mail: { kind: entry, articleId: declined._id, title: 'x', reason: 'x' },
      articleId: entry === 'article.declined' ? declined._id : premium._id,
      expect: entry === 'article.declined' ? { status: 'Declined' } : { isPremium: 'Yes' },
      at: new Date(now).toISOString(),
    });
  expect(await jobs.followUps()).toBe(2);
  expect(await mails()).toHaveLength(3);
  expect(await entries(store)).toEqual([]);
  jobs.close();
  await store.close();
});
