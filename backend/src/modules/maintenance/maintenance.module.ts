import { Module } from '@nestjs/common';
import { AdminAuditModule } from '../admin/index.js';
import { OrdersWorkerModule } from '../orders/index.js';
import { SecurityAlertsModule } from '../security/index.js';
import { SessionsModule } from '../sessions/index.js';
import { UploadsModule } from '../uploads/index.js';
import { VouchersModule } from '../vouchers/index.js';
import { MaintenanceProcessor } from './maintenance.processor.js';
import { MaintenanceScheduler } from './maintenance.scheduler.js';
import { SecurityScansScheduler } from './security-scans.scheduler.js';
import { SecurityScansService } from './security-scans.service.js';
import { VoucherEmailsScheduler } from './voucher-emails.scheduler.js';

/**
 * Scheduled housekeeping (worker only): staged photos purged, sessions past their 30 days expired, spent vouchers'
 * emails forgotten (docs/decisions/036); the security scans and the audit tables' retention (docs/decisions/028).
 */
@Module({
  imports: [OrdersWorkerModule, UploadsModule, SessionsModule, SecurityAlertsModule, AdminAuditModule, VouchersModule],
  providers: [MaintenanceProcessor, MaintenanceScheduler, SecurityScansService, SecurityScansScheduler, VoucherEmailsScheduler],
})
export class MaintenanceModule {}
