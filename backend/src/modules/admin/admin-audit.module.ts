import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminAuditService } from './admin-audit.service.js';
import { AdminAuditEntity } from './admin.entities.js';

/** The admin audit log alone (`admin_audit_log`, written only by AdminAuditService): for the admin module and for the retention purge. */
@Module({
  imports: [TypeOrmModule.forFeature([AdminAuditEntity])],
  providers: [AdminAuditService],
  exports: [AdminAuditService],
})
export class AdminAuditModule {}
