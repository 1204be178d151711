import { BullModule } from '@nestjs/bull';
import { Global, Module } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import { QUEUE_JOB_OPTIONS, QueueName, RETENTION } from './queues.js';

const queues = Object.values(QueueName).map((name) =>
  BullModule.registerQueue({ name, defaultJobOptions: { ...QUEUE_JOB_OPTIONS[name], ...RETENTION } }),
);

/** The Bull connection and every queue, for producers (web) and processors (worker) alike. */
@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ url: config.redisUrl, prefix: 'colouring' }),
    }),
    ...queues,
  ],
  exports: [...queues],
})
export class JobsModule {}
