/**
 * `npm run migrate -w server`: builds the configured database's indexes (and drops retired ones),
 * once per deployment, before API instances start on it. Safe to run again.
 */
import { ConfigError, loadConfig } from './config.js';
import { migrate, openStore, pendingMigrations } from './store/index.js';

try {
  const config = loadConfig();
  const store = await openStore(config);
  try {
    const pending = await pendingMigrations(store);
    await migrate(store);
    console.log(pending.length ? `Migrated: ${pending.join(', ')}` : 'Nothing to migrate.');
  } finally {
    await store.close();
  }
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
