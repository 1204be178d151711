import { Controller, Get, HttpCode, NotFoundException, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiErrorCode, SECURITY_TAB_MESSAGES, type AdminActionAnswer, type AdminSecurityView } from '@colouring/domain';
import { SecurityAlertsService } from '../security/index.js';
import { Admin } from './admin.guard.js';
import { AdminSecurityQueryService } from './admin-security.query.js';

/** The Security tab: the figures, the alerts with acknowledge, the flagged sessions (docs/decisions/028). */
@ApiTags('admin')
@Controller('admin/security')
@Admin()
export class AdminSecurityController {
  constructor(
    private readonly security: AdminSecurityQueryService,
    private readonly alerts: SecurityAlertsService,
  ) {}

  @Get()
  @Admin('view_security')
  view(): Promise<AdminSecurityView> {
    return this.security.view();
  }

  /** The alert is resolved now; 404 when it is not open (already acknowledged, or no such alert). */
  @Post('alerts/:id/acknowledge')
  @Admin('acknowledge_alert')
  @HttpCode(200)
  async acknowledge(@Param('id', new ParseUUIDPipe()) id: string): Promise<AdminActionAnswer> {
    if (!(await this.alerts.acknowledge(id)))
      throw new NotFoundException({ code: ApiErrorCode.NotFound, message: SECURITY_TAB_MESSAGES.alertNotOpen });
    return { message: SECURITY_TAB_MESSAGES.acknowledged };
  }
}
