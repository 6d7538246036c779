/**
 * The read fast paths (fast-paths.ts `matcherOf`, keys.ts `topLevelInclusion`) answer like mingo, the
 * engine's reference semantics: random documents (nested objects, arrays, null, missing fields, -0,
 * large numbers, long strings that are left on disk, dates) are stored, then found through the
 * collection with random filters the fast path takes and near misses it must leave to mingo, random
 * projections and sorts. Every answer equals mingo's over the same stored documents, key order
 * included. FAST_PATHS_RUNS runs it longer.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { find as mingoFind } from 'mingo';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Doc, Filter, Projection, Sort } from '../port.js';
import { matcherOf } from './fast-paths.js';
import { openEmbeddedStore, type EmbeddedStore } from './index.js';
import { normalize, topLevelInclusion } from './keys.js';
import { SPILL_MIN_CHARS } from './spill.js';

const RUNS = Number(process.env.FAST_PATHS_RUNS ?? 150);

let dir: string;
let store: EmbeddedStore;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'newsroom-fast-paths-'));
  // No fdatasync: durability is not what this file tests.
  store = await openEmbeddedStore({ dir, sync: async () => {} });
});
afterAll(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Field names: plain ones, one mingo orders first (integer-like), and `_x` (sorts between cases). */
const FIELDS = ['a', 'b', 'n', 'tags', 'B', '_x', '1'] as const;
const LONG = 'x'.repeat(SPILL_MIN_CHARS + 10);
const ID_COUNT = 12;

const scalar = fc.oneof(
  fc.constantFrom('x', 'y', 'X', '', '1', 'd1', LONG),
  fc.constantFrom(0, -0, 1, -1, 1.5, 2 ** 53, 1e300, -1e-300),
  fc.boolean(),
);
const date = fc.date({
  noInvalidDate: true,
  min: new Date(Date.UTC(2024, 0, 1)),
  max: new Date(Date.UTC(2024, 0, 3)),
});
const { value } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    scalar,
    // Stored as JSON: NaN and Infinity become null, dates ISO strings.
    fc.constantFrom(null, NaN, Infinity),
    date,
    fc.array(scalar, { minLength: 1, maxLength: 3 }),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...FIELDS), tie('value'), { maxKeys: 3 }),
  ),
}));

const documents = fc
  .array(fc.tuple(fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 5 }), fc.boolean()), {
    maxLength: ID_COUNT,
  })
  .map((docs) =>
    docs.map(([fields, idFirst], i) => {
      const _id = `d${i}`;
      return (idFirst ? { _id, ...fields } : { ...fields, _id }) as Doc;
    }),
  );

/**
 * The scalars the stored documents hold at their top level or in arrays there (`_id`s and dates'
 * strings included), so that filters often match, whole values and array elements alike.
 */
function heldScalars(docs: Doc[]): Scalar[] {
  const held = new Set<Scalar>();
  const add = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(add);
    else if (typeof v === 'string' || typeof v === 'boolean' || typeof v === 'number') held.add(v);
  };
  for (const d of docs) Object.values(normalize(d)).forEach(add);
  return [...held];
}
type Scalar = string | number | boolean;

/** One field's condition, and whether `matcherOf` must test it itself (`simple`). */
type Condition = [field: string, condition: unknown, simple: boolean];

function filterOf(held: Scalar[]) {
  const operand = held.length > 0 ? fc.oneof(fc.constantFrom(...held), scalar) : scalar;
  const field = fc.constantFrom(...FIELDS, '_id', 'missing', 'toString');
  const simpleCondition: fc.Arbitrary<Condition> = fc.tuple(
    field,
    fc.oneof(
      operand,
      fc.array(operand, { minLength: 1, maxLength: 3 }).map(($in) => ({ $in })),
    ),
    fc.constant(true),
  );
  const nearMiss: fc.Arbitrary<Condition> = fc.oneof(
    // A path, or an operator at the top.
    fc.tuple(fc.constantFrom('a.b', 'tags.0', 'b.n'), operand, fc.constant(false)),
    fc
      .tuple(
        fc.constantFrom('$or', '$and', '$nor'),
        fc.array(simpleCondition, { minLength: 1, maxLength: 2 }),
      )
      .map(([op, parts]): Condition => [op, parts.map(([f, c]) => ({ [f]: c })), false]),
    fc.tuple(
      field,
      fc.oneof(
        // Values that are no scalar: arrays and objects (whole-value equality), null, dates, regexes.
        fc.array(operand, { maxLength: 2 }),
        fc.dictionary(fc.constantFrom(...FIELDS), operand, { maxKeys: 2 }),
        fc.constantFrom(null, NaN, Infinity, /x/, /^X/i, /1/),
        date,
        // Operators other than $in, $in with more beside it, and $in of what is no scalar.
        operand.chain((s) =>
          fc.constantFrom(
            { $eq: s },
            { $ne: s },
            { $gt: s },
            { $lte: s },
            { $nin: [s] },
            { $all: [s] },
            { $elemMatch: { $eq: s } },
            { $in: [s], $ne: s },
            { $in: [] },
            { $in: [s, null] },
            { $in: [[s]] },
            { $in: [{ a: s }] },
            { $in: [s, /x/] },
          ),
        ),
        fc.record({ $exists: fc.boolean() }),
        fc.record({ $size: fc.nat(2) }),
      ),
      fc.constant(false),
    ),
  );
  return fc
    .uniqueArray(fc.oneof(simpleCondition, simpleCondition, nearMiss), {
      maxLength: 3,
      selector: ([f]) => f,
    })
    .map((conditions) => ({
      filter: Object.fromEntries(conditions.map(([f, c]) => [f, c])) as Filter,
      simple: conditions.every(([, , simple]) => simple),
    }));
}

/** A projection, and whether `topLevelInclusion` must pick it itself (`simple`). */
const projected = (fields: string[], v: 0 | 1, extra: Projection = {}) =>
  ({ ...Object.fromEntries(fields.map((f) => [f, v])), ...extra }) as Projection;
const topFields = fc.uniqueArray(fc.constantFrom('a', 'b', 'n', 'tags', 'B', '_x', 'missing', 'toString'), {
  minLength: 1,
  maxLength: 4,
});
const projection: fc.Arbitrary<{ projection: Projection | undefined; simple: boolean }> = fc.oneof(
  fc
    .tuple(topFields, fc.boolean())
    .map(([fields, id]) => ({ projection: projected(id ? [...fields, '_id'] : fields, 1), simple: true })),
  fc.constantFrom({ projection: undefined, simple: false }, { projection: {}, simple: false }),
  // Near misses: `_id: 0`, exclusions, paths and an integer-like name.
  topFields.map((fields) => ({ projection: projected(fields, 1, { _id: 0 }), simple: false })),
  fc
    .tuple(
      fc.uniqueArray(fc.constantFrom('a', 'b.n', 'tags', '1', 'missing'), { minLength: 1 }),
      fc.boolean(),
    )
    .map(([fields, id]) => ({ projection: projected(fields, 0, id ? { _id: 0 } : {}), simple: false })),
  fc
    .uniqueArray(fc.constantFrom('a.b', 'b.n', '1', 'n', 'tags'), { minLength: 1 })
    .filter((fields) => fields.some((f) => f.includes('.') || f === '1'))
    .map((fields) => ({ projection: projected(fields, 1), simple: false })),
);

const queriesOf = (docs: Doc[]) =>
  fc.array(
    fc.record({
      filter: filterOf(heldScalars(docs)),
      projection,
      // Often no sort (the scan that tests with matcherOf itself); {n: ±1} walks the compound index.
      sort: fc.constantFrom<Sort | undefined>(
        undefined,
        undefined,
        undefined,
        { n: -1 },
        { n: 1 },
        { b: 1, _id: -1 },
        { tags: 1 },
      ),
      skip: fc.option(fc.nat(3), { nil: undefined }),
      limit: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
    }),
    { minLength: 1, maxLength: 6 },
  );

/** A value with every object's keys as ordered pairs, so equality also checks key order. */
function keyOrdered(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(keyOrdered);
  if (v && typeof v === 'object') return Object.entries(v).map(([k, x]) => [k, keyOrdered(x)]);
  return v;
}

let runs = 0;

it('finds what mingo finds, in its order and key order, through the fast paths and past them', async () => {
  await fc.assert(
    fc.asyncProperty(
      documents.chain((docs) => fc.tuple(fc.constant(docs), queriesOf(docs))),
      fc.boolean(),
      async ([docs, queries], indexed) => {
        const coll = store.collection(`docs${runs++}`);
        // An equality index and a compound one (prefilter and sorted walk), or none (scans).
        if (indexed) {
          await coll.createIndex({ keys: { a: 1 } });
          await coll.createIndex({ keys: { a: 1, n: -1 } });
        }
        if (docs.length > 0) await coll.insertMany(docs);
        for (const q of queries) {
          expect(matcherOf(q.filter.filter).simple).toBe(q.filter.simple);
          expect(topLevelInclusion(q.projection.projection) !== undefined).toBe(q.projection.simple);
          const options = { projection: q.projection.projection, sort: q.sort, skip: q.skip, limit: q.limit };
          // Fresh copies each time: mingo's exclusion of nested fields edits the documents it is given.
          const cursor = mingoFind(docs.map(normalize), q.filter.filter, q.projection.projection ?? {});
          if (q.sort) cursor.sort(q.sort);
          if (q.skip) cursor.skip(q.skip);
          if (q.limit) cursor.limit(q.limit);
          expect(keyOrdered(await coll.find(q.filter.filter, options))).toStrictEqual(
            keyOrdered(cursor.all()),
          );
          expect(await coll.countDocuments(q.filter.filter)).toBe(
            mingoFind(docs.map(normalize), q.filter.filter).all().length,
          );
        }
      },
    ),
    { numRuns: RUNS },
  );
});
