import { Module } from '@nestjs/common';
import { CustomScenesModule } from '../custom-scenes/index.js';
import { EmailModule } from '../email/index.js';
import { PdfWorkerModule } from '../pdf/index.js';
import { SecurityAlertsModule } from '../security/index.js';
import { SessionsModule } from '../sessions/index.js';
import { UploadsModule } from '../uploads/index.js';
import { OrderRecordsModule } from './order-records.module.js';
import { PdfSweep } from './pdf-sweep.service.js';
import { PrintOrderProcessor } from './print-order.processor.js';
import { SessionExpiryService } from './session-expiry.service.js';

/** The worker side of orders: the print job, the sweep that keeps paid orders moving, and the 30-day expiry. No controllers. */
@Module({
  imports: [OrderRecordsModule, SessionsModule, CustomScenesModule, UploadsModule, PdfWorkerModule, EmailModule, SecurityAlertsModule],
  providers: [PrintOrderProcessor, PdfSweep, SessionExpiryService],
  exports: [SessionExpiryService],
})
export class OrdersWorkerModule {}
