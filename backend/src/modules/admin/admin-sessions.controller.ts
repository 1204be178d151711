import { Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AdminActionAnswer, AdminSessionsPage } from '@colouring/domain';
import { AdminActionsService } from './admin-actions.service.js';
import { AdminSessionsQueryDto } from './admin.dto.js';
import { Admin } from './admin.guard.js';
import { AdminSessionsQueryService } from './admin-sessions.query.js';

/** The Sessions tab: every parent's session and its paid order. */
@ApiTags('admin')
@Controller('admin/sessions')
@Admin()
export class AdminSessionsController {
  constructor(
    private readonly sessions: AdminSessionsQueryService,
    private readonly actions: AdminActionsService,
  ) {}

  @Get()
  @Admin('list_sessions')
  list(@Query() query: AdminSessionsQueryDto): Promise<AdminSessionsPage> {
    return this.sessions.list(query);
  }

  /** The final email again, to the current address. 409 when there is no paid order, its PDF is not ready or it expired. */
  @Post(':id/final-email')
  @Admin('resend_final_email')
  @HttpCode(202)
  resendFinalEmail(@Param('id', new ParseUUIDPipe()) id: string): Promise<AdminActionAnswer> {
    return this.actions.resendFinalEmail(id);
  }
}
