import { Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { EmailWorkerModule } from './modules/email/email-worker.module.js';
import { PdfSweep } from './modules/pdf/pdf-sweep.service.js';
import { PdfWorkerModule } from './modules/pdf/pdf-worker.module.js';
import { MaintenanceProcessor } from './modules/security/maintenance.processor.js';
import { MaintenanceScheduler } from './modules/security/maintenance.scheduler.js';
import { SessionExpiryModule } from './modules/sessions/session-expiry.module.js';
import { SessionRecordsModule } from './modules/sessions/session-records.module.js';
import { PortraitEngineProvider } from './modules/uploads/portrait-engine.provider.js';
import { PortraitProcessor } from './modules/uploads/portrait.processor.js';
import { UploadsModule } from './modules/uploads/uploads.module.js';

/** The queue processors and scheduled scans: loaded by ROLE=worker and ROLE=all, never by ROLE=web. */
@Module({
  imports: [ScheduleModule.forRoot(), UploadsModule, SessionRecordsModule, SessionExpiryModule, EmailWorkerModule, PdfWorkerModule],
  providers: [MaintenanceProcessor, MaintenanceScheduler, PdfSweep, PortraitEngineProvider, PortraitProcessor],
})
export class WorkerModule {}
