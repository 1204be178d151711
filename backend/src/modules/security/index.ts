// The security module's public surface: other modules import from here only.
export { SecurityAlertsModule } from './security-alerts.module.js';
export { SecurityAlertsService, type AlertSeverity, type SecurityAlert, type SecurityAlertRecord } from './security-alerts.service.js';
