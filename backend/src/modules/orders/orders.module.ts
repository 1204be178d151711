import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics/index.js';
import { CustomScenesModule } from '../custom-scenes/index.js';
import { EmailModule } from '../email/index.js';
import { PaymentsModule } from '../payments/index.js';
import { PdfModule } from '../pdf/index.js';
import { ScenesModule } from '../scenes/index.js';
import { SecurityAlertsModule } from '../security/index.js';
import { SessionsModule } from '../sessions/index.js';
import { UploadsModule } from '../uploads/index.js';
import { VouchersModule } from '../vouchers/index.js';
import { CheckoutOrderController } from './checkout-order.controller.js';
import { CheckoutOrderService } from './checkout-order.service.js';
import { CheckoutController } from './checkout.controller.js';
import { CheckoutService } from './checkout.service.js';
import { CreateSessionService } from './create-session.service.js';
import { CustomScenesController } from './custom-scenes.controller.js';
import { FulfilmentService } from './fulfilment.service.js';
import { OrderPdfController } from './order-pdf.controller.js';
import { OrderPdfService } from './order-pdf.service.js';
import { OrderStatusService } from './order-status.service.js';
import { OrderRecordsModule } from './order-records.module.js';
import { PreviewService } from './preview.service.js';
import { SelectionService } from './selection.service.js';
import { SessionsController } from './sessions.controller.js';
import { SinglePhotoController } from './single-photo.controller.js';
import { SinglePhotoService } from './single-photo.service.js';
import { TestCheckoutController } from './test-checkout.controller.js';
import { UploadSlotsGuard } from './upload-slots.guard.js';
import { WebhookController } from './webhook.controller.js';

/**
 * The flows above the tables, shared by every product: a session made from a photo, the selection, the preview, the
 * checkout that freezes an order, the webhook that pays it and the download. The `orders` table is written only by
 * OrdersService. The worker side (print job, sweep, expiry) is OrdersWorkerModule.
 */
@Module({
  imports: [
    OrderRecordsModule,
    SessionsModule,
    CustomScenesModule,
    UploadsModule,
    VouchersModule,
    ScenesModule,
    PaymentsModule,
    PdfModule,
    EmailModule,
    SecurityAlertsModule,
    AnalyticsModule,
  ],
  controllers: [
    SessionsController,
    SinglePhotoController,
    CustomScenesController,
    CheckoutController,
    CheckoutOrderController,
    WebhookController,
    TestCheckoutController,
    OrderPdfController,
  ],
  providers: [
    OrderStatusService,
    OrderPdfService,
    CreateSessionService,
    SinglePhotoService,
    SelectionService,
    PreviewService,
    CheckoutService,
    CheckoutOrderService,
    FulfilmentService,
    UploadSlotsGuard,
  ],
})
export class OrdersModule {}
