import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache.js';

const value = (v: unknown) => async () => ({ value: v, meta: undefined });

describe('AnswerCache', () => {
  it('serializes once, keeps a strong ETag per body, and rebuilds after its group is invalidated', async () => {
    const cache = new AnswerCache();
    let builds = 0;
    const build = async () => {
      builds += 1;
      return { value: { n: builds }, meta: undefined };
    };
    const a = await cache.get('g', 'k', build);
    const b = await cache.get('g', 'k', build);
    expect(builds).toBe(1);
    expect(b).toBe(a);
    expect(a!.body).toBe('{"n":1}');
    expect(a!.etag).toMatch(/^"[\w-]+"$/);

    cache.invalidate('other');
    expect(await cache.get('g', 'k', build)).toBe(a);
    cache.invalidate('g');
    const c = await cache.get('g', 'k', build);
    expect(c!.body).toBe('{"n":2}');
    expect(c!.etag).not.toBe(a!.etag);
  });

  it('drops one key with invalidateKey and leaves the others', async () => {
    const cache = new AnswerCache();
    const one = await cache.get('g', 'one', value(1));
    const two = await cache.get('g', 'two', value(2));
    cache.invalidateKey('g', 'one');
    expect(await cache.get('g', 'one', value('1b'))).not.toBe(one);
    expect(await cache.get('g', 'two', value('2b'))).toBe(two);
  });

  it('shares one build between concurrent misses', async () => {
    const cache = new AnswerCache();
    let builds = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const build = async () => {
      builds += 1;
      await gate;
      return { value: 'x', meta: undefined };
    };
    const pending = Promise.all([
      cache.get('g', 'k', build),
      cache.get('g', 'k', build),
      cache.get('g', 'k', build),
    ]);
    release();
    const answers = await pending;
    expect(builds).toBe(1);
    expect(new Set(answers).size).toBe(1);
  });

  it('answers but does not keep a build that raced an invalidation (no stale answer survives a write)', async () => {
    const cache = new AnswerCache();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = cache.get('g', 'k', async () => {
      await gate;
      return { value: 'before the write', meta: undefined };
    });
    cache.invalidate('g');
    release();
    expect((await slow)!.body).toBe('"before the write"');
    expect((await cache.get('g', 'k', value('after the write')))!.body).toBe('"after the write"');
  });

  it('invalidateKey discards only that key’s build in flight: a counted view does not cost a list build', async () => {
    const cache = new AnswerCache();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slowBuild = (v: string) => async () => {
      await gate;
      return { value: v, meta: undefined };
    };
    const list = cache.get('lists', 'approved', slowBuild('list'));
    const trending = cache.get('lists', 'trending', slowBuild('old trending'));
    cache.invalidateKey('lists', 'trending');
    release();
    const [keptList, raced] = await Promise.all([list, trending]);
    expect(raced!.body).toBe('"old trending"');
    expect(await cache.get('lists', 'approved', value('rebuilt'))).toBe(keptList);
    expect((await cache.get('lists', 'trending', value('new trending')))!.body).toBe('"new trending"');
  });

  it('does not cache a missing answer (null)', async () => {
    const cache = new AnswerCache();
    expect(await cache.get('g', 'k', async () => null)).toBeNull();
    expect((await cache.get('g', 'k', value('now here')))!.body).toBe('"now here"');
  });

  it('expires entries after the safety TTL', async () => {
    let now = 0;
    const cache = new AnswerCache(() => now);
    const first = await cache.get('g', 'k', value(1));
    now += 29_000;
    expect(await cache.get('g', 'k', value(2))).toBe(first);
    now += 2_000;
    expect((await cache.get('g', 'k', value(2)))!.body).toBe('2');
  });
});
