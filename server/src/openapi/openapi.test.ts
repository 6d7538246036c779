/**
 * GET /openapi.json is a valid OpenAPI 3.1 document that describes every route the app has (and
 * only those), and GET /docs serves the reference page from this origin under its own CSP.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../test/app.js';
import { ROUTES } from '@newsroom/common/api';
import { appRoutes, documentedOperations } from '../test/openapi.js';

let t: TestApp;
let doc: Record<string, unknown>;
beforeAll(async () => {
  t = await makeTestApp();
  const res = await request(t.app).get('/openapi.json');
  expect(res.status).toBe(200);
  doc = res.body as Record<string, unknown>;
});
afterAll(async () => {
  await t.close();
});

describe('GET /openapi.json', () => {
  it('validates as OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('describes every route the app has, and no route it does not have', () => {
    const routed = appRoutes(t.app).sort();
    const documented = documentedOperations(doc)
      .map((op) => `${op.method.toUpperCase()} ${op.path}`)
      .sort();
    expect(
      routed.filter((r) => !documented.includes(r)),
      'routes missing from the document',
    ).toEqual([]);
    expect(
      documented.filter((d) => !routed.includes(d)),
      'documented routes the app lacks',
    ).toEqual([]);
    expect(routed.length).toBeGreaterThan(40);
  });

  it('gives every operation a unique id, a summary, its security and an error body for refusals', () => {
    const ops = documentedOperations(doc);
    expect(new Set(ops.map((op) => op.operationId)).size).toBe(ops.length);
    // Every route of the route table is declared, and documented under its name.
    expect(ops.map((op) => op.operationId).sort()).toEqual(Object.keys(ROUTES).sort());
    for (const op of ops) {
      expect(op.spec.summary, op.operationId).toEqual(expect.any(String));
      expect(op.spec.security, op.operationId).toEqual(expect.any(Array));
      for (const [status, response] of Object.entries(op.spec.responses)) {
        if (Number(status) < 400) continue;
        expect(JSON.stringify(response), `${op.operationId} ${status}`).toMatch(
          /#\/components\/schemas\/(Error|NeedPremium)"/,
        );
      }
    }
  });

  it('documents path parameters for every :param of a route', () => {
    for (const op of documentedOperations(doc)) {
      const names = [...op.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      const declared = (op.spec.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      expect(declared, op.operationId).toEqual(names);
    }
  });
});

describe('GET /docs', () => {
  it('serves the reference page with scripts and styles from this origin only', async () => {
    const res = await request(t.app).get('/docs');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('<title>Newsroom API</title>');
    const urls = [...res.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(urls.filter((u) => /^(https?:)?\/\//.test(u))).toEqual([]);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/unsafe-eval|https:/);
    for (const url of urls.filter((u) => u.startsWith('docs/'))) {
      const asset = await request(t.app).get(`/${url}`).set('Accept-Encoding', 'gzip');
      expect(asset.status, url).toBe(200);
      expect(asset.headers['content-type'], url).toMatch(/^text\/(css|javascript)/);
    }
  });

  it("keeps helmet's strict CSP on the API's other answers", async () => {
    const res = await request(t.app).get('/health');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src-attr 'none'");
    expect(csp).not.toContain("connect-src 'self'");
  });

  it('answers an unknown asset 404 JSON, and sends /docs/ to /docs', async () => {
    const missing = await request(t.app).get('/docs/assets/package.json');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'No such file' });
    const slash = await request(t.app).get('/docs/');
    expect(slash.status).toBe(301);
    expect(slash.headers.location).toBe('../docs');
  });
});
