// The analytics module's public surface: other modules import from here only.
export { AnalyticsModule, AnalyticsWorkerModule } from './analytics.module.js';
export { AnalyticsService, ANALYTICS_RETENTION_MONTHS } from './analytics.service.js';
export { AnalyticsFunnelService } from './funnel.query.js';
export { AnalyticsRetention } from './analytics-retention.scheduler.js';
export { recordPageViews } from './page-views.middleware.js';
