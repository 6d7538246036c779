/** The site's read-ahead value: read once per TTL, served while read again, read at once on a change. */
import { describe, expect, it } from 'vitest';
import { readAhead } from './read-ahead.js';

/** A read whose answers the test releases one by one; counts how many reads started. */
function controlledRead() {
  const waiting: Array<{ resolve: (v: string) => void; reject: (e: Error) => void }> = [];
  return {
    read: () =>
      new Promise<string>((resolve, reject) => {
        waiting.push({ resolve, reject });
      }),
    get started() {
      return waiting.length;
    },
    answer(index: number, value: string) {
      waiting[index]!.resolve(value);
    },
    fail(index: number) {
      waiting[index]!.reject(new Error('API down'));
    },
  };
}
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A read-ahead value whose first read has answered 'v1' at time 0; `clock.now` moves time on. */
async function primed(ttlMs: number) {
  const clock = { now: 0 };
  const api = controlledRead();
  const errors: unknown[] = [];
  const list = readAhead(api.read, { ttlMs, now: () => clock.now, onError: (e) => errors.push(e) });
  const first = list.get();
  api.answer(0, 'v1');
  await first;
  return { clock, api, list, errors };
}

describe('readAhead', () => {
  it('waits for the first read, then serves the value without reading within the TTL', async () => {
    let clock = 1_000;
    const api = controlledRead();
    const list = readAhead(api.read, { ttlMs: 60_000, now: () => clock, onError: () => {} });
    const first = list.get();
    const second = list.get();
    expect(api.started).toBe(1); // both visitors share one read
    api.answer(0, 'v1');
    expect(await first).toEqual({ value: 'v1', at: 1_000 });
    expect(await second).toEqual({ value: 'v1', at: 1_000 });

    clock += 59_000;
    expect((await list.get()).value).toBe('v1');
    expect(api.started).toBe(1);
  });

  it('after the TTL serves the last value while the next read runs, and the new one once it is in', async () => {
    const { clock, api, list } = await primed(1_000);

    clock.now = 1_500;
    expect((await list.get()).value).toBe('v1');
    expect(api.started).toBe(2);
    api.answer(1, 'v2');
    await settle();
    expect(await list.get()).toEqual({ value: 'v2', at: 1_500 });
  });

  it('waits again when the last value is older than its maximum age, and fails when that read fails', async () => {
    const { clock, api, list } = await primed(1_000);

    clock.now = 20_000; // more than ten TTLs
    const late = list.get();
    api.fail(1);
    await expect(late).rejects.toThrow('API down');
  });

  it('reads at once on a change, and once more when the change came during a read', async () => {
    const { clock, api, list } = await primed(60_000);

    clock.now = 10;
    list.changed();
    expect(api.started).toBe(2);
    // Two more changes while that read runs: it may have missed them, so one read follows it.
    list.changed();
    list.changed();
    expect(api.started).toBe(2);
    api.answer(1, 'v2');
    await settle();
    expect(api.started).toBe(3);
    expect((await list.get()).value).toBe('v2');
    api.answer(2, 'v3');
    await settle();
    expect((await list.get()).value).toBe('v3');
    expect(api.started).toBe(3);
  });

  it('keeps the last value when a read after a change fails, and says so', async () => {
    const { api, list, errors } = await primed(60_000);

    list.changed();
    api.fail(1);
    await settle();
    expect(errors).toHaveLength(1);
    expect((await list.get()).value).toBe('v1');
  });
});
