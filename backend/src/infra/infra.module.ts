import { Global, Module } from '@nestjs/common';
import { Clock } from './clock.js';
import { RedisLock } from './redis-lock.js';
import { RedisModule } from './redis.js';
import { RedisThrottlerStorage } from './redis-throttler.storage.js';

/** Adapters for every side effect, available to every module. */
@Global()
@Module({
  imports: [RedisModule],
  providers: [Clock, RedisLock, RedisThrottlerStorage],
  exports: [RedisModule, Clock, RedisLock, RedisThrottlerStorage],
})
export class InfraModule {}
