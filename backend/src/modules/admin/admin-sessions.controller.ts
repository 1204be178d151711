import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AdminActionAnswer, AdminSessionsPage } from '@colouring/domain';
import { AdminActionsService } from './admin-actions.service.js';
import { AdminEmailDto, AdminSessionsQueryDto } from './admin.dto.js';
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

  /** The session's email, checked with the domain's rule (400 with `errors.email`); 409 once the session has expired. */
  @Put(':id/email')
  @Admin('correct_email')
  correctEmail(@Param('id', new ParseUUIDPipe()) id: string, @Body() body: AdminEmailDto): Promise<AdminActionAnswer> {
    return this.actions.correctEmail(id, body.email);
  }

  /** The paid order's failed PDF made again. 409 when nothing is paid, the PDF did not fail, or it expired. */
  @Post(':id/pdf')
  @Admin('retry_pdf')
  @HttpCode(202)
  retryPdf(@Param('id', new ParseUUIDPipe()) id: string): Promise<AdminActionAnswer> {
    return this.actions.retryPdf(id);
  }
}
