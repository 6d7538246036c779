/**
 * Child process for mail/digest-kill.test.ts: one run of the mail jobs (the digests' schedule, then
 * the sender) on the embedded store in argv[2], sending to SMTP at argv[3], at the fixed time argv[4]
 * (ms), a `sending` mail counting as cut off after argv[5] ms. Prints `done` when both finished; the
 * parent SIGKILLs it mid-send.
 */
import path from 'node:path';
import { createMailJobs } from '../mail/jobs.js';
import { quietServices } from '../services.js';
import { openEmbeddedStore } from '../store/embedded/index.js';
import { ensureIndexes } from '../store/index.js';
import { workerDeps } from './worker-deps.js';

const [dir, smtpUrl, nowMs, staleMs] = process.argv.slice(2);
if (!dir || !smtpUrl || !nowMs || !staleMs)
  throw new Error('usage: digest-worker <dir> <smtpUrl> <nowMs> <staleMs>');

const store = await openEmbeddedStore({ dir: path.join(dir, 'store') });
await ensureIndexes(store);
const deps = workerDeps(store, dir, Number(nowMs), { SMTP_URL: smtpUrl });
const jobs = createMailJobs({
  ...deps,
  services: quietServices(deps),
  sendingStaleMs: Number(staleMs),
  batch: 100,
});
await jobs.schedule();
await jobs.sendDue();
jobs.close();
await store.close();
process.stdout.write('done\n');
