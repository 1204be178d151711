import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { ThrottlerStorageService, type ThrottlerStorage } from '@nestjs/throttler';
import type { Redis } from 'ioredis';
import { REDIS } from './redis.js';

interface ThrottlerStorageRecord {
  totalHits: number;
  timeToExpire: number;
  isBlocked: boolean;
  timeToBlockExpire: number;
}

// Counts hits in a fixed window and blocks for blockDuration once over the limit; atomic in Redis.
const INCREMENT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
local blockTtl = redis.call('PTTL', KEYS[2])
if blockTtl <= 0 and hits > tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
  blockTtl = tonumber(ARGV[3])
end
return { hits, ttl, blockTtl }
`;

// While Redis is unreachable the outage is logged at most once a minute.
const OUTAGE_LOG_INTERVAL_MS = 60_000;

/**
 * Throttler counters shared by every web process, so limits hold behind a load balancer. While Redis is down each process
 * counts on its own (the same limits, per process): an outage of the counters must not take every page and API call down
 * with it, nor lift the limits.
 */
@Injectable()
export class RedisThrottlerStorage implements ThrottlerStorage, OnApplicationShutdown {
  private readonly logger = new Logger(RedisThrottlerStorage.name);
  private readonly local = new ThrottlerStorageService();
  private lastOutageLog = 0;

  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  onApplicationShutdown(): void {
    this.local.onApplicationShutdown();
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    // Not connected: count here at once rather than wait for ioredis's reconnection attempts on every request.
    try {
      if (this.redis.status !== 'ready') throw new Error(`Redis is ${this.redis.status}`);
      return await this.count(`throttle:${throttlerName}:${key}`, ttl, limit, blockDuration);
    } catch (error) {
      this.logOutage(throttlerName, error);
      return this.local.increment(key, ttl, limit, blockDuration, throttlerName);
    }
  }

  private logOutage(throttlerName: string, error: unknown): void {
    const now = Date.now();
    if (now - this.lastOutageLog < OUTAGE_LOG_INTERVAL_MS) return;
    this.lastOutageLog = now;
    const reason = error instanceof Error ? error.message : String(error);
    this.logger.warn({ throttler: throttlerName, reason }, 'rate limits counted in this process only: Redis unavailable');
  }

  private async count(base: string, ttl: number, limit: number, blockDuration: number): Promise<ThrottlerStorageRecord> {
    const [hits, ttlLeft, blockLeft] = (await this.redis.eval(
      INCREMENT,
      2,
      `${base}:hits`,
      `${base}:block`,
      ttl,
      limit,
      blockDuration,
    )) as [number, number, number];
    return {
      totalHits: hits,
      timeToExpire: Math.max(0, Math.ceil(ttlLeft / 1000)),
      isBlocked: blockLeft > 0,
      timeToBlockExpire: Math.max(0, Math.ceil(blockLeft / 1000)),
    };
  }
}
