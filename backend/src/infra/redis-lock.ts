import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS } from './redis.js';

const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

/** A lock that one instance holds at a time, so a scheduled scan runs once however many workers there are. */
@Injectable()
export class RedisLock {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** Runs `work` if the lock is free; answers false (and runs nothing) when another holder has it. */
  async runExclusive(name: string, ttlMs: number, work: () => Promise<void>): Promise<boolean> {
    const key = `lock:${name}`;
    const token = randomUUID();
    const acquired = await this.redis.set(key, token, 'PX', ttlMs, 'NX');
    if (acquired !== 'OK') return false;
    try {
      await work();
    } finally {
      await this.redis.eval(RELEASE, 1, key, token);
    }
    return true;
  }
}
