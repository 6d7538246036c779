/** The housekeeping timers of the running server: they run each job on its interval and stop cleanly. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Clock } from './clock.js';
import { newId } from './store/ids.js';
import { startSweeps, SWEEP_INTERVALS_MS } from './sweeps.js';
import { makeTestApp, type TestApp } from './test/app.js';

let t: TestApp | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await t?.close();
  t = undefined;
});

describe('startSweeps', () => {
  it('purges ended view windows on its interval, never before, and stops on request', async () => {
    const now = new Date('2031-06-01T10:00:00.000Z');
    const clock: Clock = { now: () => now };
    t = await makeTestApp({ clock });
    const views = t.store.collection('views');
    const window = (minutesAgo: number) => ({
      _id: newId(),
      articleId: newId(),
      email: 'reader@example.test',
      lastCountedAt: new Date(now.getTime() - minutesAgo * 60_000).toISOString(),
    });
    await views.insertMany([window(45), window(31), window(5)]);

    // Only the intervals are faked: the store's own I/O keeps its real timers.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const sweeps = startSweeps({ ...t.deps, services: t.services });
    vi.advanceTimersByTime(SWEEP_INTERVALS_MS.viewWindows - 1);
    await new Promise((r) => setTimeout(r, 50));
    expect(await views.countDocuments({})).toBe(3);

    vi.advanceTimersByTime(1);
    await vi.waitFor(async () => expect(await views.countDocuments({})).toBe(1));
    await sweeps.stop();

    // Stopped: later intervals do nothing.
    await views.insertOne(window(40));
    vi.advanceTimersByTime(SWEEP_INTERVALS_MS.unusedUploads * 2);
    await new Promise((r) => setTimeout(r, 50));
    expect(await views.countDocuments({})).toBe(2);
  });
});
