import { Module } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AnalyticsModule } from '../analytics/index.js';
import { EmailModule } from '../email/index.js';
import { PdfRetryModule } from '../orders/index.js';
import { ScenesModule } from '../scenes/index.js';
import { SecurityAlertsModule } from '../security/index.js';
import { SessionsModule } from '../sessions/index.js';
import { VouchersModule } from '../vouchers/index.js';
import { AdminActionsService } from './admin-actions.service.js';
import { AdminAuditModule } from './admin-audit.module.js';
import { AdminAuthService } from './admin-auth.service.js';
import { AdminBundlesController } from './admin-bundles.controller.js';
import { AdminFunnelController } from './admin-funnel.controller.js';
import { AdminSessionEntity, AdminUserEntity } from './admin.entities.js';
import { AdminAuditInterceptor, AdminGuard } from './admin.guard.js';
import { AdminSecurityController } from './admin-security.controller.js';
import { AdminSecurityQueryService } from './admin-security.query.js';
import { AdminSessionController } from './admin-session.controller.js';
import { AdminSessionsController } from './admin-sessions.controller.js';
import { AdminSessionsQueryService } from './admin-sessions.query.js';
import { AdminShareController } from './admin-share.controller.js';
import { SignInLimiter } from './sign-in-limiter.js';

/**
 * The owner's side (issue 12, floor 3): sign-in and admin sessions, the audit log, the one guard every admin route
 * passes (installed for the whole API, acting on routes marked `@Admin()`), and the tabs' reads.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([AdminUserEntity, AdminSessionEntity]),
    AdminAuditModule,
    SecurityAlertsModule,
    EmailModule,
    SessionsModule,
    PdfRetryModule,
    ScenesModule,
    VouchersModule,
    AnalyticsModule,
  ],
  controllers: [
    AdminSessionController,
    AdminSessionsController,
    AdminSecurityController,
    AdminBundlesController,
    AdminShareController,
    AdminFunnelController,
  ],
  providers: [
    AdminAuthService,
    SignInLimiter,
    AdminSessionsQueryService,
    AdminActionsService,
    AdminSecurityQueryService,
    { provide: APP_GUARD, useClass: AdminGuard },
    { provide: APP_INTERCEPTOR, useClass: AdminAuditInterceptor },
  ],
})
export class AdminModule {}
