/**
 * What a test's child process (digest-worker.ts, scheduler-worker.ts) runs the app's jobs with: a
 * test config on its data dir, a fixed clock and a silent log.
 */
import { pino } from 'pino';
import { loadConfig } from '../config.js';
import type { Store } from '../store/port.js';

export function workerDeps(store: Store, dir: string, nowMs: number, env: Record<string, string> = {}) {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dir,
    JWT_SECRET: 'k'.repeat(48),
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
    ...env,
  });
  return { store, config, clock: { now: () => new Date(nowMs) }, logger: pino({ level: 'silent' }) };
}
