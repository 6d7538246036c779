/** The app-wide middleware: request log levels, security headers, the CORS allow-list, graceful 404s. */
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.js';
import { bearer, makeTestApp, signInAs, type SignedIn, type TestApp } from './test/app.js';

let t: TestApp;
let reader: SignedIn;

beforeAll(async () => {
  t = await makeTestApp();
  reader = await signInAs(t);
});
afterAll(async () => {
  await t.close();
});

/** An app on the same store whose log lines are collected (parsed JSON). */
function loggedApp(level: string) {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level },
    { write: (l: string) => lines.push(JSON.parse(l) as Record<string, unknown>) },
  );
  return { app: createApp({ ...t.deps, logger }), lines };
}

describe('request log', () => {
  it('at info: fast successes write nothing; failures are logged with method, url and status only', async () => {
    const { app, lines } = loggedApp('info');
    await request(app).get('/publisher-data').expect(200);
    await request(app).get(`/users/${reader.email}`).set(bearer(reader.token)).expect(200);
    expect(lines).toEqual([]);

    await request(app).get('/users/someone@example.test').set(bearer(reader.token)).expect(403);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      reqId: expect.any(Number),
      method: 'GET',
      url: '/users/[email]',
      status: 403,
      ms: expect.any(Number),
    });
    // Only these fields (plus pino's own): no headers, no body.
    expect(Object.keys(lines[0]!).sort()).toEqual(
      ['hostname', 'level', 'method', 'ms', 'msg', 'pid', 'reqId', 'status', 'time', 'url'].sort(),
    );
    expect(JSON.stringify(lines)).not.toContain(reader.token);

    // Ids: a valid x-request-id is kept, anything else gets a fresh number.
    await request(app).get('/nope').set('x-request-id', 'edge-42.a').expect(404);
    await request(app).get('/nope').set('x-request-id', 'bad id "quoted"').expect(404);
    expect(lines[1]).toMatchObject({ level: 30, reqId: 'edge-42.a', status: 404, url: '/nope' });
    expect(lines[2]).toMatchObject({ level: 30, reqId: expect.any(Number), status: 404 });
    expect(lines[2]!.reqId).not.toBe(lines[0]!.reqId);
  });

  it('at debug: every request is logged, still without headers or tokens', async () => {
    const { app, lines } = loggedApp('debug');
    await request(app).get(`/users/${reader.email}`).set(bearer(reader.token)).expect(200);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 20, status: 200, method: 'GET', url: '/users/[email]' });
    expect(JSON.stringify(lines)).not.toContain(reader.token);
  });

  it('never writes an email address: in the path or the query, plain or percent-encoded', async () => {
    const { app, lines } = loggedApp('debug');
    const someone = 'someone.private@example.test';
    await request(app).get(`/users/${someone}`).set(bearer(reader.token)).expect(403);
    await request(app)
      .get(`/users/${encodeURIComponent(someone)}`)
      .set(bearer(reader.token))
      .expect(403);
    await request(app).get('/isPremium').query({ email: someone }).set(bearer(reader.token)).expect(403);
    await request(app)
      .get(`/check/isAdmin?page=2&email=${encodeURIComponent(someone)}`)
      .set(bearer(reader.token))
      .expect(403);
    await request(app).get(`/isPremium?email=${reader.email}`).set(bearer(reader.token)).expect(200);
    await request(app).get(`/nope/${someone}/x?userEmail=not-even-an-address`).expect(404);

    expect(lines).toHaveLength(6);
    const logged = JSON.stringify(lines);
    for (const secret of [
      someone,
      'someone.private',
      reader.email,
      reader.email.split('@')[0]!,
      '@',
      '%40',
    ]) {
      expect(logged).not.toContain(secret);
    }
    expect(logged).not.toContain('not-even-an-address');
    expect(lines.map((l) => l.url)).toEqual([
      '/users/[email]',
      '/users/[email]',
      '/isPremium?email=[email]',
      '/check/isAdmin?page=2&email=[email]',
      '/isPremium?email=[email]',
      '/nope/[email]/x?userEmail=[email]',
    ]);
  });

  it('server errors are logged at error level', async () => {
    const broken = await makeTestApp();
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ level: 'info' }, { write: (l: string) => lines.push(JSON.parse(l)) });
    const app = createApp({ ...broken.deps, logger });
    await broken.store.close();
    try {
      await request(app).get('/publisher-data').expect(500);
      expect(lines.some((l) => l.level === 50 && l.status === 500 && l.url === '/publisher-data')).toBe(true);
    } finally {
      await broken.close();
    }
  });
});

describe('security baseline', () => {
  it('sends helmet headers and no x-powered-by', async () => {
    const res = await request(t.app).get('/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['content-security-policy']).toEqual(expect.any(String));
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('allows CORS only for CLIENT_ORIGIN', async () => {
    const origin = t.deps.config.clientOrigins[0]!;
    const allowed = await request(t.app).get('/publisher-data').set('Origin', origin);
    expect(allowed.headers['access-control-allow-origin']).toBe(origin);
    const preflight = await request(t.app)
      .options('/articles')
      .set('Origin', origin)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization,content-type');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(origin);
    const foreign = await request(t.app).get('/publisher-data').set('Origin', 'https://evil.example');
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('component routers', () => {
  /** One route of the app: its path, methods and the router (by position) that holds it. */
  interface RouteLayer {
    route?: { path: string; methods: Record<string, boolean> };
    handle: { stack?: RouteLayer[] };
    match(path: string): unknown;
  }
  function routesByRouter(): { router: number; path: string; methods: string[]; layer: RouteLayer }[] {
    const app = createApp(t.deps) as unknown as { router: { stack: RouteLayer[] } };
    return app.router.stack.flatMap((outer, router) =>
      (outer.handle.stack ?? [])
        .filter((layer) => layer.route)
        .map((layer) => ({
          router,
          path: layer.route!.path,
          methods: Object.keys(layer.route!.methods),
          layer,
        })),
    );
  }

  it('no path and method reaches the routes of two routers, so their order changes no answer', () => {
    const routes = routesByRouter();
    expect(routes.length).toBeGreaterThan(60);
    const overlaps: string[] = [];
    for (const a of routes) {
      // A concrete path this route answers: each parameter filled with a plausible value.
      const sample = a.path.replace(/:[A-Za-z]+/g, 'x1');
      for (const b of routes) {
        if (b.router === a.router || !b.methods.some((m) => a.methods.includes(m))) continue;
        if (b.layer.match(sample)) overlaps.push(`${a.methods.join(',')} ${a.path} also reaches ${b.path}`);
      }
    }
    expect(overlaps).toEqual([]);
  });
});
