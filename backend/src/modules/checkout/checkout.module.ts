import { Module } from '@nestjs/common';
import { EmailModule } from '../email/email.module.js';
import { SessionAccessModule } from '../sessions/session-access.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { ScenesModule } from '../scenes/scenes.module.js';
import { SessionRecordsModule } from '../sessions/session-records.module.js';
import { VouchersModule } from '../vouchers/vouchers.module.js';
import { PdfModule } from '../pdf/pdf.module.js';
import { CheckoutOrderController } from './checkout-order.controller.js';
import { CheckoutOrderService } from './checkout-order.service.js';
import { CheckoutController } from './checkout.controller.js';
import { CheckoutService } from './checkout.service.js';

/** The order summary and the start of payment: price recomputed by the server, then the card provider's page. */
@Module({
  imports: [EmailModule, PdfModule, ScenesModule, SessionAccessModule, SessionRecordsModule, VouchersModule, PaymentsModule],
  controllers: [CheckoutController, CheckoutOrderController],
  providers: [CheckoutService, CheckoutOrderService],
})
export class CheckoutModule {}
