/**
 * Every documented operation answers as documented: each 2xx it documents and its main refusals,
 * called through HTTP with real tokens (src/test/openapi-cases.ts), must be documented statuses whose
 * media type is documented and whose JSON body validates against the documented schema (ajv, JSON
 * Schema 2020-12). An operation added to the document without cases fails the run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, signInAs } from '../test/app.js';
import { answerChecker, answerOf, documentedOperations, type Answer } from '../test/openapi.js';
import { contractCases, type Case } from '../test/openapi-cases.js';
import { buildWorld, type World } from '../test/openapi-world.js';
import { openApiDocument } from './document.js';

const doc = openApiDocument();
let world: World;
let cases: Record<string, Case[]>;
let close: () => Promise<void>;
beforeAll(async () => {
  world = await buildWorld();
  const config = world.t.deps.config;
  const limited = await makeTestApp({
    identity: 'firebase',
    config: {
      rateLimits: {
        ...config.rateLimits,
        publicReads: { windowMs: 60_000, max: 0 },
        edits: { windowMs: 60_000, max: 0 },
      },
    },
  });
  const payer = await signInAs(world.t, { name: 'Paula Payer' });
  const limitedUser = await signInAs(limited, { name: 'Lena Limited' });
  cases = contractCases({ w: world, payer, limited, limitedUser });
  close = async () => {
    await world.close();
    await limited.close();
  };
});
afterAll(async () => {
  await close();
});

describe('the answer checker', () => {
  const check = answerChecker(doc);
  const trending = documentedOperations(doc).find((op) => op.operationId === 'trendingArticles')!;

  it('refuses an undocumented status, an undocumented media type and a body off its schema', () => {
    expect(check(trending, { status: 418, type: 'application/json', body: {} })).toHaveLength(1);
    expect(check(trending, { status: 200, type: 'text/html', body: '' })).toHaveLength(1);
    expect(check(trending, { status: 200, type: 'application/json', body: [{ _id: 'x' }] })).not.toEqual([]);
    expect(check(trending, { status: 429, type: 'application/json', body: { error: 'x' } })).not.toEqual([]);
    expect(check(trending, { status: 200, type: 'application/json', body: [] })).toEqual([]);
  });
});

describe('every documented operation answers as documented', () => {
  const check = answerChecker(doc);
  for (const op of documentedOperations(doc)) {
    it(`${op.method.toUpperCase()} ${op.path} (${op.operationId})`, async () => {
      const mine = cases[op.operationId];
      expect(mine, `no contract case for ${op.operationId}`).toBeDefined();
      const exercised = mine!.map(([status]) => status);
      const documented = Object.keys(op.spec.responses).map(Number);
      for (const success of documented.filter((s) => s >= 200 && s < 300)) {
        expect(exercised, `${success} is exercised`).toContain(success);
      }
      const refusals = documented.filter((s) => s >= 400 && s < 500);
      if (refusals.length) {
        expect(
          exercised.some((s) => refusals.includes(s)),
          'a refusal is exercised',
        ).toBe(true);
      }
      for (const [status, call] of mine!) {
        const made = await call();
        const answer: Answer = 'headers' in made ? answerOf(made) : made;
        expect(check(op, answer)).toEqual([]);
        expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      }
    });
  }
});
