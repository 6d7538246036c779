/**
 * The update fast path (fast-paths.ts `applySimpleUpdate`) answers like mingo, the engine's reference
 * semantics: random documents (nested objects, arrays, null, missing fields) and random `$set`,
 * `$unset` and `$inc` of top-level and dotted paths (through objects, arrays, values and missing
 * fields, with conflicts). Whenever the fast path takes an update, the document it leaves equals
 * mingo's, key order included, and it says a change was made exactly when mingo does; when mingo
 * refuses an update, the fast path must not have taken it; when the fast path leaves an update to
 * mingo, it has not touched the document. FAST_PATHS_RUNS runs it longer.
 */
import fc from 'fast-check';
import { update as mingoUpdate } from 'mingo';
import { expect, it } from 'vitest';
import { applySimpleUpdate } from './fast-paths.js';

const RUNS = Number(process.env.FAST_PATHS_RUNS ?? 1000);

/** Segments: plain names, a day and an id as the counters use them, and an integer-like one. */
const SEGMENTS = ['a', 'b', 'tags', '2026-11-29', '6b0b9576c78a3e09', '1'] as const;
const scalar = fc.oneof(fc.constantFrom('x', '', 0, -0, 1, -1, 2.5, 1e300, true, false, null));
const { value } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    scalar,
    fc.array(tie('value'), { maxLength: 2 }),
    fc.dictionary(fc.constantFrom(...SEGMENTS), tie('value'), { maxKeys: 3 }),
  ),
}));
const doc = fc.dictionary(fc.constantFrom(...SEGMENTS), value, { maxKeys: 4 });
// Mostly segments the fast path takes; now and then an integer-like one it must leave to mingo.
const segment = fc.oneof(
  { weight: 9, arbitrary: fc.constantFrom(...SEGMENTS.filter((s) => s !== '1')) },
  { weight: 1, arbitrary: fc.constant('1') },
);
const path = fc.array(segment, { minLength: 1, maxLength: 3 }).map((segments) => segments.join('.'));
const fieldsOf = (values: fc.Arbitrary<unknown>) => fc.dictionary(path, values, { minKeys: 1, maxKeys: 2 });
const modifier = fc
  .record(
    {
      $set: fieldsOf(value),
      $unset: fieldsOf(fc.constant('')),
      $inc: fieldsOf(
        fc.oneof(
          { weight: 8, arbitrary: fc.constantFrom(1, -1, 0.5, 3) },
          { weight: 1, arbitrary: fc.constantFrom(0, 'x') },
        ),
      ),
    },
    { requiredKeys: [] },
  )
  .filter((m) => Object.keys(m).length > 0);

it('takes only the updates it applies exactly as mingo does', () => {
  let taken = 0;
  fc.assert(
    fc.property(doc, modifier, (start, update) => {
      const fast = structuredClone(start) as Record<string, unknown>;
      const reference = structuredClone(start) as Record<string, unknown>;
      let referenceFields: string[] | undefined;
      let refused = false;
      try {
        // `$inc` of a string on purpose: mingo's refusal is part of what is compared.
        referenceFields = mingoUpdate(reference, update as Parameters<typeof mingoUpdate>[1]);
      } catch {
        refused = true;
      }
      const fields = applySimpleUpdate(fast, update);
      if (fields === null) {
        // Left to mingo: untouched.
        expect(JSON.stringify(fast)).toBe(JSON.stringify(start));
        return;
      }
      taken++;
      expect(refused, `mingo refuses ${JSON.stringify(update)} on ${JSON.stringify(start)}`).toBe(false);
      expect(JSON.stringify(fast)).toBe(JSON.stringify(reference));
      expect(fields.length > 0).toBe((referenceFields ?? []).length > 0);
    }),
    { numRuns: RUNS },
  );
  // The generator reaches the fast path often enough for the comparison to mean something.
  expect(taken).toBeGreaterThan(RUNS / 10);
});
