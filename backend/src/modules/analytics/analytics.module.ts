import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AnalyticsEventEntity } from './analytics-event.entity.js';
import { AnalyticsRetention } from './analytics-retention.scheduler.js';
import { AnalyticsController } from './analytics.controller.js';
import { AnalyticsService } from './analytics.service.js';
import { AnalyticsFunnelService } from './funnel.query.js';

/**
 * First-party analytics (floor 0, docs/decisions/031): `analytics_events`, written only by AnalyticsService; the pages'
 * endpoint; the server's own page views, purchases and downloads; the admin's funnel.
 */
@Module({
  imports: [TypeOrmModule.forFeature([AnalyticsEventEntity])],
  controllers: [AnalyticsController],
  providers: [AnalyticsService, AnalyticsFunnelService],
  exports: [AnalyticsService, AnalyticsFunnelService],
})
export class AnalyticsModule {}

/** The worker side: the nightly purge of events past their retention. */
@Module({
  imports: [TypeOrmModule.forFeature([AnalyticsEventEntity])],
  providers: [AnalyticsService, AnalyticsRetention],
})
export class AnalyticsWorkerModule {}
