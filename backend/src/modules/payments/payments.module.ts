import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Redis } from 'ioredis';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import { createPaymentsProvider, PaymentsProvider } from '../../infra/payments.js';
import { REDIS } from '../../infra/redis.js';
import { SecurityAlertsModule } from '../security/security-alerts.module.js';
import { SessionRecordsModule } from '../sessions/session-records.module.js';
import { VouchersModule } from '../vouchers/vouchers.module.js';
import { PaymentEventEntity } from './payment-event.entity.js';
import { PaymentsController } from './payments.controller.js';
import { PaymentsService } from './payments.service.js';
import { TestCheckoutController } from './test-checkout.controller.js';

/** The card provider (Stripe, or the local test provider) and its webhook, where orders become paid. */
@Module({
  imports: [TypeOrmModule.forFeature([PaymentEventEntity]), SessionRecordsModule, VouchersModule, SecurityAlertsModule],
  controllers: [PaymentsController, TestCheckoutController],
  providers: [
    {
      provide: PaymentsProvider,
      inject: [APP_CONFIG, REDIS],
      useFactory: (config: AppConfig, redis: Redis) => createPaymentsProvider(config, redis),
    },
    PaymentsService,
  ],
  exports: [PaymentsProvider],
})
export class PaymentsModule {}
