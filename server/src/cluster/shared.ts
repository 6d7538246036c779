import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { EventBus, EventListener } from '../events/bus.js';
import type { AddressedEvent } from '../events/types.js';
import { RedisChangeLog, type ChangeLog } from './change-log.js';

/**
 * What several API instances share (REDIS_URL): one Redis connection for commands (rate limits,
 * leases, the log's appends and catch-up reads) and the change log of cache drops and live events.
 * Built once by the composition root (compose.ts); absent with one process.
 */
export interface SharedState {
  redis: Redis;
  changeLog: ChangeLog;
  /** This instance's name in leases and logs. */
  instance: string;
  close(): Promise<void>;
}

/** The live-event bus on the shared log: an event published on any instance reaches every one. */
export class SharedEventBus implements EventBus {
  constructor(private readonly log: ChangeLog) {}

  get startId(): string {
    return this.log.startId;
  }

  publish({ event, audience }: AddressedEvent): void {
    this.log.publish({ kind: 'event', event, audience });
  }

  subscribe(listener: EventListener): () => void {
    return this.log.subscribe((change, id) => {
      if (change.kind === 'event') listener({ event: change.event, audience: change.audience }, id);
    });
  }
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
    changeLog: log,
    instance: log.instance,
    async close() {
      await log.close();
      redis.disconnect();
    },
  };
}
