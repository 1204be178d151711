import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/index.js';
import { OrderRecordsModule } from './order-records.module.js';
import { PdfRetryService } from './pdf-retry.service.js';

/** The admin's retry of a failed PDF, for the admin module (the print job itself runs in OrdersWorkerModule). */
@Module({
  imports: [OrderRecordsModule, SessionsModule],
  providers: [PdfRetryService],
  exports: [PdfRetryService],
})
export class PdfRetryModule {}
