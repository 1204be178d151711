import { Module } from '@nestjs/common';
import { FileStorageModule } from '../../infra/storage.js';
import { SessionAccessModule } from '../sessions/session-access.module.js';
import { SessionRecordsModule } from '../sessions/session-records.module.js';
import { PdfController } from './pdf.controller.js';
import { PdfService } from './pdf.service.js';

/** The API side: the PDF's status for the session view, and the download. */
@Module({
  imports: [FileStorageModule, SessionAccessModule, SessionRecordsModule],
  controllers: [PdfController],
  providers: [PdfService],
  exports: [PdfService],
})
export class PdfModule {}
