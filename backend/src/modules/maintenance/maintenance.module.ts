import { Module } from '@nestjs/common';
import { OrdersWorkerModule } from '../orders/index.js';
import { UploadsModule } from '../uploads/index.js';
import { MaintenanceProcessor } from './maintenance.processor.js';
import { MaintenanceScheduler } from './maintenance.scheduler.js';

/** Scheduled housekeeping (worker only): staged photos purged, sessions past their 30 days expired. */
@Module({
  imports: [OrdersWorkerModule, UploadsModule],
  providers: [MaintenanceProcessor, MaintenanceScheduler],
})
export class MaintenanceModule {}
