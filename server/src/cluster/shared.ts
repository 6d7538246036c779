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
export async function connectRedis(url: string, name: string): Promise<Redis> {
  const redis = new Redis(url, {
    connectionName: `newsroom-${name}`,
    lazyConnect: true,
    // Commands wait for a reconnect rather than fail at once; a request then fails after ~20 tries.
    maxRetriesPerRequest: 20,
    connectTimeout: 10_000,
  });
  await redis.connect();
  return redis;
}

export async function openSharedState(redisUrl: string, logger: Logger): Promise<SharedState> {
  const redis = await connectRedis(redisUrl, 'commands');
  const reader = await connectRedis(redisUrl, 'change-reader');
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
