// The admin module's public surface: the app imports it from here only; maintenance reaches the audit log's retention.
export { AdminAuditModule } from './admin-audit.module.js';
export { AdminAuditService } from './admin-audit.service.js';
export { AdminModule } from './admin.module.js';
