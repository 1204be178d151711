import { Module } from '@nestjs/common';
import { EmailModule } from '../email/email.module.js';
import { PdfModule } from '../pdf/pdf.module.js';
import { UploadsModule } from '../uploads/uploads.module.js';
import { VouchersModule } from '../vouchers/vouchers.module.js';
import { CustomScenesController } from './custom-scenes.controller.js';
import { PreviewService } from './preview.service.js';
import { SelectionService } from './selection.service.js';
import { SessionAccessModule } from './session-access.module.js';
import { SessionRecordsModule } from './session-records.module.js';
import { SessionsController } from './sessions.controller.js';
import { SessionsService } from './sessions.service.js';
import { UploadSlotsGuard } from './upload-slots.guard.js';

@Module({
  imports: [SessionRecordsModule, UploadsModule, VouchersModule, EmailModule, PdfModule, SessionAccessModule],
  controllers: [SessionsController, CustomScenesController],
  providers: [SessionsService, SelectionService, PreviewService, UploadSlotsGuard],
})
export class SessionsModule {}
