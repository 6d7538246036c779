/**
 * Two instances redeeming one payment (issue 20): the second finds the record pending, and before it
 * derives premium the first finishes the whole grant (premium derived with the pass, record granted).
 * The second must then add nothing. Reproduced in one process by letting the first grant finish
 * inside the second's read of the record.
 */
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { systemClock } from '../clock.js';
import { noDomainEvents } from '../events/domain.js';
import { newId } from '../store/ids.js';
import type { Collection, Doc, Store } from '../store/port.js';
import { makeTestApp, type TestApp } from '../test/app.js';
import type { User } from '../users/types.js';
import { premiumGranter } from './grant.js';
import { premiumLedger } from '../billing/ledger.js';
import { createUserService } from '../users/service.js';
import { planByAmount } from './plans.js';
import type { PaymentRecord } from './repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

/** `store`, with `onPaymentRead` run once, inside the first read of a payment record, before it answers. */
function withHook(store: Store, onPaymentRead: () => Promise<void>): Store {
  let fired = false;
  return {
    ...store,
    kind: store.kind,
    waitDurable: () => store.waitDurable(),
    ping: () => store.ping(),
    close: () => store.close(),
    collection<T extends Doc = Doc>(name: string): Collection<T> {
      const inner = store.collection<T>(name);
      if (name !== 'payments') return inner;
      return new Proxy(inner, {
        get(target, key, receiver) {
          if (key !== 'findOne') return Reflect.get(target, key, receiver) as unknown;
          return async (...args: Parameters<Collection<T>['findOne']>) => {
            const answer = await target.findOne(...args);
            if (!fired) {
              fired = true;
              await onPaymentRead();
            }
            return answer;
          };
        },
      });
    },
  };
}

/** A granter of its own on `store`, as another process has (its own grants under way). */
function granterOn(store: Store) {
  const deps = { store, clock: systemClock, logger: pino({ level: 'silent' }), events: noDomainEvents };
  const users = createUserService(deps);
  return premiumGranter({ ...deps, users, ledger: premiumLedger({ ...deps, users }) });
}

it('a redeem that found the record pending adds nothing once another finished the grant', async () => {
  const plan = planByAmount(5)!;
  const email = `race-${newId()}@example.test`;
  const start = new Date(Date.now() + 86_400_000).toISOString();
  const users = t.store.collection<User>('users');
  await users.insertOne({
    _id: newId(),
    uid: `uid-${newId()}`,
    email,
    name: 'Race',
    premiumEndAt: start,
    createdAt: new Date().toISOString(),
  } as User);
  const paymentIntentId = `pi_${newId()}`;
  // The first instance has stored its record and is about to extend premium.
  await t.store.collection<PaymentRecord>('payments').insertOne({
    _id: newId(),
    paymentIntentId,
    email,
    uid: 'u',
    seconds: plan.seconds,
    amount: plan.amount,
    grantedAt: new Date().toISOString(),
    source: 'client',
    state: 'pending',
  });
  const finished = new Date(Date.parse(start) + plan.seconds * 1000).toISOString();

  // ...and finishes everything while the second reads the record: premium derived, record granted.
  const firstFinishes = async () => {
    const first = granterOn(t.store);
    expect(await first.grant({ paymentIntentId, plan, email, uid: 'u', source: 'client' })).toMatchObject({
      granted: true,
      premiumEndAt: finished,
    });
  };
  const second = granterOn(withHook(t.store, firstFinishes));
  const result = await second.grant({ paymentIntentId, plan, email, uid: 'u', source: 'webhook' });
  expect(result.granted).toBe(false);
  expect((await users.findOne({ email }))?.premiumEndAt).toBe(finished);
});
