/** `npm run seed -w server`: seeds the demo data into the configured store now (whatever SEED_DEMO_DATA says). */
import { systemClock } from '../clock.js';
import { ConfigError, loadConfig } from '../config.js';
import { createLogger } from '../logger.js';
import { ensureIndexes, openStore } from '../store/index.js';
import { seedDemoData } from './seed.js';

try {
  const config = loadConfig();
  const logger = createLogger({ level: config.logLevel });
  const store = await openStore(config);
  try {
    await ensureIndexes(store);
    const result = await seedDemoData({ store, config, clock: systemClock, logger });
    console.log(
      result.contentSeeded ? 'Demo data seeded.' : 'Demo content was already there; demo accounts checked.',
    );
  } finally {
    await store.close();
  }
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
