import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';

export const REDIS = Symbol('REDIS');

class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}
  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** One shared Redis connection for throttling, locks and health (Bull keeps its own). */
@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2, connectTimeout: 5000, enableOfflineQueue: true });
        // ioredis reconnects by itself; an outage is logged once, when it starts, not on every attempt.
        let down = false;
        redis.on('error', (error: Error) => {
          if (!down) new Logger('Redis').warn({ reason: error.message }, 'Redis unreachable; reconnecting');
          down = true;
        });
        redis.on('ready', () => (down = false));
        return redis;
      },
    },
    RedisCloser,
  ],
  exports: [REDIS],
})
export class RedisModule {}
