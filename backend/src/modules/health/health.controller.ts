import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import {
  HealthCheck,
  HealthCheckService,
  HealthIndicatorService,
  type HealthCheckResult,
  type HealthIndicatorResult,
} from '@nestjs/terminus';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { REDIS } from '../../infra/redis.js';
import { Jobs } from '../../infra/jobs.js';

const CHECK_TIMEOUT_MS = 2000;

@ApiTags('health')
@SkipThrottle()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    @InjectDataSource() private readonly db: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly jobs: Jobs,
  ) {}

  /**
   * 200 "ok" when the database, Redis and every queue answer. Without the database nothing works: 503 "error". Without
   * Redis the pages and most of the API still serve (rate limits count per process, uploads and emails wait): 200
   * "degraded", naming what is down, so a load balancer keeps sending traffic and monitoring still sees it.
   */
  @Get()
  @HealthCheck()
  check(): Promise<HealthCheckResult> {
    return this.health.check([
      () =>
        this.indicators
          .check('database')
          .attempt(async () => void (await this.db.query('SELECT 1')))
          .withTimeout(CHECK_TIMEOUT_MS),
      () =>
        this.degradedWhenDown(
          'redis',
          this.indicators
            .check('redis')
            .attempt(async () => void (await this.redis.ping()))
            .withTimeout(CHECK_TIMEOUT_MS),
        ),
      () =>
        this.degradedWhenDown(
          'queues',
          this.indicators
            .check('queues')
            .attempt(() => this.jobs.counts())
            .withTimeout(CHECK_TIMEOUT_MS),
        ),
    ]);
  }

  private async degradedWhenDown<Key extends string>(key: Key, attempt: PromiseLike<HealthIndicatorResult<Key>>) {
    const result = await attempt;
    const { status, ...details }: Record<string, unknown> = result[key];
    return status === 'down' ? this.indicators.check(key).degraded(details) : result;
  }
}
