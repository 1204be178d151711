import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import type { AppConfig } from './config/config.js';
import { ConfigModule } from './config/config.module.js';
import { ApiErrorFilter } from './common/api-error.filter.js';
import { loggerParams } from './common/logging.js';
import { dataSourceOptions } from './database/data-source.js';
import { InfraModule } from './infra/infra.module.js';
import { RedisThrottlerStorage } from './infra/redis-throttler.storage.js';
import { JobsModule } from './infra/jobs.js';
import { AdminModule } from './modules/admin/index.js';
import { ContactModule } from './modules/contact/index.js';
import { EmailModule } from './modules/email/index.js';
import { HealthModule } from './modules/health/index.js';
import { OrdersModule } from './modules/orders/index.js';
import { ScenesModule } from './modules/scenes/index.js';
import { ShareModule } from './modules/share/index.js';
import { WorkerModule } from './worker.module.js';

/** What every role needs: configuration, logs, the database, Redis and the queues. */
@Module({})
export class CoreModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: CoreModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot(loggerParams(config)),
        TypeOrmModule.forRoot({ ...dataSourceOptions(config), autoLoadEntities: true }),
        InfraModule,
        JobsModule,
      ],
      exports: [ConfigModule, InfraModule, JobsModule],
    };
  }
}

/** The web API (ROLE=web), plus the worker's processors when one process does everything (ROLE=all). */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(config),
        ThrottlerModule.forRootAsync({
          inject: [RedisThrottlerStorage],
          useFactory: (storage: RedisThrottlerStorage) => ({
            throttlers: [{ name: 'default', ttl: 60_000, limit: 300 }],
            storage,
          }),
        }),
        HealthModule,
        ScenesModule,
        ContactModule,
        EmailModule,
        OrdersModule,
        ShareModule,
        AdminModule,
        ...(config.role === 'all' ? [WorkerModule] : []),
      ],
      providers: [
        { provide: APP_GUARD, useClass: ThrottlerGuard },
        { provide: APP_FILTER, useClass: ApiErrorFilter },
      ],
    };
  }
}

/** The worker process (ROLE=worker): no HTTP, only processors and scheduled scans. */
@Module({})
export class WorkerAppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: WorkerAppModule, imports: [CoreModule.forRoot(config), WorkerModule] };
  }
}
