/** EventStreams on its own: the replay ring's bound, heartbeats, session expiry, shutdown. */
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, ofType, openSse, type SseStream } from '../test/sse.js';
import { InProcessEventBus } from './bus.js';
import { EventStreams } from './streams.js';
import type { AddressedEvent } from './types.js';

const bus = new InProcessEventBus();
let now = 1_000_000;
const streams = new EventStreams(bus, { ringSize: 3, heartbeatMs: 40, now: () => now });
let base: string;
let stop: () => Promise<void>;
const opened: SseStream[] = [];

beforeAll(async () => {
  const app = express();
  app.get('/events', (req, res) => {
    const email = typeof req.query.email === 'string' ? req.query.email : null;
    const expiresAt = typeof req.query.exp === 'string' ? Number(req.query.exp) : null;
    streams.open(
      req,
      res,
      { email, admin: req.query.admin === '1' },
      {
        lastEventId: req.header('last-event-id'),
        expiresAt,
      },
    );
  });
  ({ base, close: stop } = await listen(app));
});
afterAll(async () => {
  for (const s of opened) s.close();
  await stop();
});

const open = async (query = '', headers: Record<string, string> = {}) => {
  const stream = await openSse(base, `/events${query}`, headers);
  opened.push(stream);
  await stream.next(ofType('ready'));
  return stream;
};
const publicEvent = (n: number): AddressedEvent => ({
  event: { type: 'publisher.added', publisherId: `p${n}`, name: `Publisher ${n}` },
  audience: { public: true, admins: true, users: [] },
});

describe('EventStreams', () => {
  it('keeps only the newest ringSize events: an older Last-Event-ID gets resync, a recent one a replay', async () => {
    const first = await open();
    const events = [];
    for (let n = 1; n <= 5; n += 1) {
      bus.publish(publicEvent(n));
      events.push(await first.next((e) => e.data.publisherId === `p${n}`));
    }
    const tooOld = await open('', { 'Last-Event-ID': events[0]!.id! });
    expect(tooOld.events.map((e) => e.data.type)).toEqual(['resync', 'ready']);
    // The ring holds events 3, 4, 5: after event 2 all three are known.
    const recent = await open('', { 'Last-Event-ID': events[1]!.id! });
    expect(recent.events.map((e) => e.data.publisherId ?? e.data.type)).toEqual(['p3', 'p4', 'p5', 'ready']);
  });

  it('sends events only to their audience, flagging the named user’s copy as own', async () => {
    const [anon, named, someone, admin] = await Promise.all([
      open(),
      open('?email=w@example.test'),
      open('?email=x@example.test'),
      open('?admin=1'),
    ]);
    bus.publish({
      event: { type: 'article.declined', articleId: 'a1', title: 'T', reason: 'R' },
      audience: { public: false, admins: true, users: ['w@example.test'] },
    });
    bus.publish(publicEvent(9));
    expect((await named.next(ofType('article.declined'))).data.own).toBe(true);
    expect((await admin.next(ofType('article.declined'))).data.own).toBe(false);
    for (const stream of [anon, someone]) {
      await stream.next(ofType('publisher.added'));
      expect(stream.events.map((e) => e.data.type)).toEqual(['ready', 'publisher.added']);
    }
  });

  it('sends a heartbeat comment while open', async () => {
    const stream = await open();
    await expect.poll(() => stream.comments.length, { timeout: 1_000 }).toBeGreaterThan(0);
    expect(stream.comments[0]).toBe('ping');
  });

  it('ends a stream once its session token expired, so the client reconnects with its new one', async () => {
    const stream = await open(`?email=w@example.test&exp=${now + 60_000}`);
    const lasting = await open();
    now += 61_000;
    await stream.ended;
    bus.publish(publicEvent(10));
    await lasting.next((e) => e.data.publisherId === 'p10');
  });

  it('close() ends every stream (shutdown)', async () => {
    const stream = await open();
    streams.close();
    await stream.ended;
    expect(streams.size).toBe(0);
  });
});

describe('EventStreams limits', () => {
  it('refuses a stream past the process-wide limit, whoever asks, until one closes', async () => {
    const limited = new EventStreams(new InProcessEventBus(), {
      maxStreams: 2,
      maxPerClient: 10,
      signedInShare: 0,
    });
    const app = express();
    app.set('trust proxy', 'loopback');
    app.get('/events', (req, res) => {
      try {
        limited.open(req, res, { email: null, admin: false });
      } catch (err) {
        res.status((err as { status?: number }).status ?? 500).json({ message: (err as Error).message });
      }
    });
    const server = await listen(app);
    const held: SseStream[] = [];
    try {
      held.push(await openSse(server.base, '/events', { 'X-Forwarded-For': '198.51.100.1' }));
      held.push(await openSse(server.base, '/events', { 'X-Forwarded-For': '198.51.100.2' }));
      const refused = await openSse(server.base, '/events', { 'X-Forwarded-For': '198.51.100.3' });
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('30');
      expect(refused.body).toEqual({
        message: expect.stringMatching(/as many live event streams as it can/),
      });

      held.shift()!.close();
      await expect.poll(() => limited.size).toBe(1);
      const admitted = await openSse(server.base, '/events', { 'X-Forwarded-For': '198.51.100.3' });
      held.push(admitted);
      expect(admitted.status).toBe(200);
    } finally {
      for (const s of held) s.close();
      limited.close();
      await server.close();
    }
  });

  /** An app whose GET /events opens a stream for `?as=<email>` (signed in) or anonymously. */
  async function limitedApp(options: ConstructorParameters<typeof EventStreams>[1]) {
    const limited = new EventStreams(new InProcessEventBus(), options);
    const app = express();
    app.set('trust proxy', 'loopback');
    app.get('/events', (req, res) => {
      const as = typeof req.query.as === 'string' ? req.query.as : null;
      try {
        limited.open(req, res, { email: as, admin: false });
      } catch (err) {
        res.status((err as { status?: number }).status ?? 500).json({ message: (err as Error).message });
      }
    });
    const server = await listen(app);
    const held: SseStream[] = [];
    const open = async (path: string, from: string) => {
      const s = await openSse(server.base, path, { 'X-Forwarded-For': from });
      held.push(s);
      return s.status;
    };
    const close = async () => {
      for (const s of held) s.close();
      limited.close();
      await server.close();
    };
    return { open, close };
  }

  it('keeps a share of the process for signed-in streams: anonymous ones from many addresses cannot take it all', async () => {
    const { open, close } = await limitedApp({ maxStreams: 4, maxPerClient: 10, signedInShare: 0.5 });
    try {
      expect(await open('/events', '198.51.100.1')).toBe(200);
      expect(await open('/events', '198.51.100.2')).toBe(200);
      expect(await open('/events', '198.51.100.3')).toBe(429);
      expect(await open('/events?as=reader@example.test', '198.51.100.4')).toBe(200);
      expect(await open('/events?as=writer@example.test', '198.51.100.5')).toBe(200);
      expect(await open('/events?as=admin@example.test', '198.51.100.6')).toBe(429);
    } finally {
      await close();
    }
  });

  it('counts IPv6 addresses by /56 as every per-address limit does, and signed-in streams by account', async () => {
    const { open, close } = await limitedApp({ maxStreams: 100, maxPerClient: 2, signedInShare: 0 });
    try {
      // One /56: a client that owns it cannot open a fresh budget per address.
      expect(await open('/events', '2001:db8:0:1::1')).toBe(200);
      expect(await open('/events', '2001:db8:0:2::1')).toBe(200);
      expect(await open('/events', '2001:db8:0:ff::9')).toBe(429);
      expect(await open('/events', '2001:db8:0:100::1')).toBe(200);
      // One account from several addresses; another account from the crowded /56.
      expect(await open('/events?as=reader@example.test', '198.51.100.7')).toBe(200);
      expect(await open('/events?as=reader@example.test', '198.51.100.8')).toBe(200);
      expect(await open('/events?as=reader@example.test', '198.51.100.9')).toBe(429);
      expect(await open('/events?as=writer@example.test', '2001:db8:0:3::1')).toBe(200);
    } finally {
      await close();
    }
  });
});
