import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { RedisChangeLog } from './change-log.js';

/**
 * What several API instances share (REDIS_URL): one Redis connection for commands (rate limits,
 * leases, the log's appends and catch-up reads) and the log of domain events every instance reads.
 * Built once by the composition root (compose.ts); absent with one process.
 */
export interface SharedState {
  redis: Redis;
  events: RedisChangeLog;
  /** This instance's name in leases and logs. */
  instance: string;
  close(): Promise<void>;
}

/** Connects to Redis; rejects (a clear start-up failure) when it does not answer within 10 s. */
export async function connectRedis(url: string, name: string, logger?: Logger): Promise<Redis> {
  const redis = new Redis(url, {
    connectionName: `newsroom-${name}`,
    lazyConnect: true,
    // Commands wait for a reconnect rather than fail at once; a request then fails after ~20 tries.
    maxRetriesPerRequest: 20,
    connectTimeout: 10_000,
  });
  await redis.connect();
  // Without a listener ioredis prints every failed reconnect as an unhandled error, with a stack,
  // several times a second while Redis is away. Said once per outage instead, and again when back.
  let away = false;
  redis.on('error', (err: Error) => {
    if (away) return;
    away = true;
    logger?.warn({ err: err.message, connection: name }, 'Redis is not answering: retrying');
  });
  redis.on('ready', () => {
    if (!away) return;
    away = false;
    logger?.info({ connection: name }, 'Redis answers again');
  });
  return redis;
}

export async function openSharedState(redisUrl: string, logger: Logger): Promise<SharedState> {
  const redis = await connectRedis(redisUrl, 'commands', logger);
  const reader = await connectRedis(redisUrl, 'change-reader', logger);
  const log = await RedisChangeLog.open(redis, reader, { logger });
  return {
    redis,
    events: log,
    instance: log.instance,
    async close() {
      await log.close();
      redis.disconnect();
    },
  };
}
