import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource as FakeSource } from '@/test/fake-event-source';
import { connectLiveEvents, retryDelayMs } from './connection';
import type { LiveMessage } from './messages';

const latest = () => FakeSource.all.at(-1)!;
const queryOf = (source: FakeSource) => source.query();

beforeEach(() => {
  FakeSource.all = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('retryDelayMs', () => {
  it('doubles from 1 s to a 30 s ceiling, drawn from the upper half of each step', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((a) => retryDelayMs(a, () => 1))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
    expect([0, 1, 5].map((a) => retryDelayMs(a, () => 0))).toEqual([500, 1_000, 15_000]);
  });
});

describe('connectLiveEvents', () => {
  it('opens one stream with the token in the query, and hands over each message with its id', () => {
    const messages: Array<[LiveMessage, string | null]> = [];
    connectLiveEvents({
      url: 'http://api.test/events',
      token: () => 'jwt-1',
      onMessage: (m, id) => messages.push([m, id]),
      createEventSource: (url) => new FakeSource(url),
    });
    expect(FakeSource.all).toHaveLength(1);
    expect(queryOf(latest())).toEqual({ token: 'jwt-1' });
    latest().emit({ type: 'article.approved', articleId: 'a1', title: 'T', own: true }, 'e-1');
    latest().emit({ type: 'from.a.newer.server' }, 'e-2');
    // A known type without the fields it carries is not one either (no toast reads a missing reason).
    latest().emit({ type: 'article.declined', articleId: 'a1', title: 'T', own: true }, 'e-3');
    expect(messages).toEqual([[{ type: 'article.approved', articleId: 'a1', title: 'T', own: true }, 'e-1']]);
  });

  it('reconnects with growing delays, the current token and the last event id; an open resets the delay', () => {
    let token: string | null = 'jwt-1';
    connectLiveEvents({
      url: 'http://api.test/events',
      token: () => token,
      onMessage: () => {},
      createEventSource: (url) => new FakeSource(url),
      random: () => 1,
    });
    latest().open();
    latest().emit({ type: 'ready' }, 'abc-7');

    const first = latest();
    first.fail();
    expect(first.closed).toBe(true);
    token = 'jwt-2';
    vi.advanceTimersByTime(999);
    expect(FakeSource.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(queryOf(latest())).toEqual({ token: 'jwt-2', lastEventId: 'abc-7' });

    // Refused again (e.g. the server is down): 2 s, then 4 s.
    latest().fail();
    vi.advanceTimersByTime(1_999);
    expect(FakeSource.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSource.all).toHaveLength(3);
    latest().fail();
    vi.advanceTimersByTime(3_999);
    expect(FakeSource.all).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(FakeSource.all).toHaveLength(4);

    // Signed out meanwhile: anonymous. Once open, the next drop waits 1 s again.
    token = null;
    latest().open();
    latest().fail();
    vi.advanceTimersByTime(1_000);
    expect(queryOf(latest())).toEqual({ lastEventId: 'abc-7' });
  });

  it('stays closed after close(), even with a reconnect pending', () => {
    const connection = connectLiveEvents({
      url: 'http://api.test/events',
      token: () => null,
      onMessage: () => {},
      createEventSource: (url) => new FakeSource(url),
    });
    latest().fail();
    connection.close();
    vi.advanceTimersByTime(60_000);
    expect(FakeSource.all).toHaveLength(1);
  });
});
