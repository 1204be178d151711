import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Redis } from 'ioredis';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import { createPaymentsProvider, PaymentsProvider } from '../../infra/payments.js';
import { REDIS } from '../../infra/redis.js';
import { PaymentEventEntity } from './payment-event.entity.js';
import { PaymentEventsService } from './payment-events.service.js';

/** The card provider (Stripe, or the local test provider) and the record of its webhook events. */
@Module({
  imports: [TypeOrmModule.forFeature([PaymentEventEntity])],
  providers: [
    {
      provide: PaymentsProvider,
      inject: [APP_CONFIG, REDIS],
      useFactory: (config: AppConfig, redis: Redis) => createPaymentsProvider(config, redis),
    },
    PaymentEventsService,
  ],
  exports: [PaymentsProvider, PaymentEventsService],
})
export class PaymentsModule {}
