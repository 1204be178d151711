import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SessionAccessModule } from '../sessions/session-access.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { ScenesModule } from '../scenes/scenes.module.js';
import { CustomSceneEntity } from '../sessions/custom-scene.entity.js';
import { SessionEntity } from '../sessions/session.entity.js';
import { VouchersModule } from '../vouchers/vouchers.module.js';
import { CheckoutController } from './checkout.controller.js';
import { CheckoutService } from './checkout.service.js';

/** The order summary and the start of payment: price recomputed by the server, then the card provider's page. */
@Module({
  imports: [TypeOrmModule.forFeature([SessionEntity, CustomSceneEntity]), ScenesModule, SessionAccessModule, VouchersModule, PaymentsModule],
  controllers: [CheckoutController],
  providers: [CheckoutService],
})
export class CheckoutModule {}
