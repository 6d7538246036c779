import { CacheGroup, type AnswerCache } from '../cache/answer-cache.js';
import type { Collection, Doc, Store } from '../store/port.js';

const WRITES = [
  'insertOne',
  'insertMany',
  'updateOne',
  'updateMany',
  'findOneAndUpdate',
  'deleteOne',
  'deleteMany',
] as const;

/**
 * The store as tests write their fixtures through it: straight to the database, behind the services
 * (so no domain event, no live event), and every cached answer of the app dropped after each write,
 * as an operator would restart the app after editing its database by hand. A test that wants what
 * the app does on a write makes it through the API.
 */
export function fixtureStore(store: Store, cache: AnswerCache): Store {
  const dropAll = () => cache.invalidate(...Object.values(CacheGroup));
  const collections = new Map<string, Collection>();
  const wrap = <T extends Doc>(name: string): Collection<T> => {
    const inner = store.collection<T>(name);
    const out = { ...bindAll(inner) } as Record<string, unknown>;
    for (const write of WRITES) {
      const method = (inner[write] as (...args: unknown[]) => Promise<unknown>).bind(inner);
      out[write] = async (...args: unknown[]) => {
        try {
          return await method(...args);
        } finally {
          dropAll();
        }
      };
    }
    return out as unknown as Collection<T>;
  };
  return {
    kind: store.kind,
    collection<T extends Doc = Doc>(name: string): Collection<T> {
      let c = collections.get(name);
      if (!c) collections.set(name, (c = wrap(name)));
      return c as Collection<T>;
    },
    waitDurable: () => store.waitDurable(),
    ping: () => store.ping(),
    close: () => store.close(),
  };
}

function bindAll<T extends object>(target: T): T {
  const out: Record<string, unknown> = {};
  let proto: object | null = target;
  while (proto && proto !== Object.prototype) {
    for (const key of Object.getOwnPropertyNames(proto)) {
      const value = (target as Record<string, unknown>)[key];
      if (key !== 'constructor' && typeof value === 'function' && !(key in out)) {
        out[key] = (value as (...a: unknown[]) => unknown).bind(target);
      }
    }
    proto = Object.getPrototypeOf(proto) as object | null;
  }
  return out as T;
}
