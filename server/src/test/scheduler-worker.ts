/**
 * Child process for articles/scheduling-kill.test.ts: the scheduler's sweep (publishDue) on the
 * embedded store in argv[2] at the fixed time argv[3] (ms), SIGKILLing itself at argv[4]: `before`
 * the article's update reaches the store, or right `after` the store acknowledged it (durable), before
 * anything else happens. `none` runs the sweep and the approvals' follow-ups (the outbox sweep, as a
 * restarted server's sweeps do) twice, printing `published <n> followUps <m>` and then
 * `then published <n> followUps <m>`.
 */
import path from 'node:path';
import { createMailJobs } from '../mail/jobs.js';
import { quietServices } from '../services.js';
import { openEmbeddedStore } from '../store/embedded/index.js';
import { ensureIndexes } from '../store/index.js';
import type { Store } from '../store/port.js';
import { workerDeps } from './worker-deps.js';

const [dir, nowMs, killAt] = process.argv.slice(2);
if (!dir || !nowMs || !killAt) throw new Error('usage: scheduler-worker <dir> <nowMs> <before|after|none>');

const opened = await openEmbeddedStore({ dir: path.join(dir, 'store') });
await ensureIndexes(opened);
/** The store, with the articles' conditional update killing the process where asked. */
const store = new Proxy(opened, {
  get(target, key, receiver) {
    if (key !== 'collection') return Reflect.get(target, key, receiver);
    return (name: string) => {
      const collection = target.collection(name);
      if (name !== 'articles' || killAt === 'none') return collection;
      return new Proxy(collection, {
        get(c, k, r) {
          if (k !== 'findOneAndUpdate') return Reflect.get(c, k, r);
          return async (...args: Parameters<typeof c.findOneAndUpdate>) => {
            if (killAt === 'before') process.kill(process.pid, 'SIGKILL');
            const updated = await c.findOneAndUpdate(...args);
            process.kill(process.pid, 'SIGKILL');
            return updated;
          };
        },
      });
    };
  },
}) as Store;
const deps = workerDeps(store, dir, Number(nowMs));
const services = quietServices(deps);
const jobs = createMailJobs({ ...deps, services });
// The sweeps as a restarted server runs them, then once more (a later run finds nothing left to do).
for (const run of ['published', 'then published']) {
  const published = await services.articles.publishDue();
  const followUps = await jobs.followUps();
  process.stdout.write(`${run} ${published} followUps ${followUps}\n`);
}
jobs.close();
await opened.close();
