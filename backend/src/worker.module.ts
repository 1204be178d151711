import { Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { JobsWorkerModule } from './infra/jobs-worker.js';
import { AnalyticsWorkerModule } from './modules/analytics/index.js';
import { EmailWorkerModule } from './modules/email/index.js';
import { MaintenanceModule } from './modules/maintenance/index.js';
import { OrdersWorkerModule } from './modules/orders/index.js';
import { UploadsWorkerModule } from './modules/uploads/index.js';

/**
 * The job handlers and scheduled scans: loaded by ROLE=worker and ROLE=all, never by ROLE=web. JobsWorkerModule checks
 * at boot that every job has exactly one handler among them.
 */
@Module({
  imports: [
    ScheduleModule.forRoot(),
    JobsWorkerModule,
    UploadsWorkerModule,
    OrdersWorkerModule,
    EmailWorkerModule,
    MaintenanceModule,
    AnalyticsWorkerModule,
  ],
})
export class WorkerModule {}
