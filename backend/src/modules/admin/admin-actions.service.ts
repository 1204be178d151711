import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { ADMIN_ACTION_MESSAGES, ApiErrorCode, type AdminActionAnswer } from '@colouring/domain';
import { EmailService } from '../email/index.js';
import { AdminSessionsQueryService } from './admin-sessions.query.js';

/** What the admin does to a parent's session; each action's writes go through the module that owns the table. */
@Injectable()
export class AdminActionsService {
  constructor(
    private readonly sessions: AdminSessionsQueryService,
    private readonly emails: EmailService,
  ) {}

  /** The final email again, to the session's current address (logged in `email_log` by the email module). */
  async resendFinalEmail(sessionId: string): Promise<AdminActionAnswer> {
    const found = await this.sessions.sessionOrder(sessionId);
    if (!found) throw new NotFoundException({ code: ApiErrorCode.NotFound, message: ADMIN_ACTION_MESSAGES.sessionNotFound });
    const { order } = found;
    if (!order) throw new ConflictException({ code: ApiErrorCode.Conflict, message: ADMIN_ACTION_MESSAGES.notPaid });
    if (found.sessionExpired || order.expired)
      throw new ConflictException({ code: ApiErrorCode.Conflict, message: ADMIN_ACTION_MESSAGES.expired });
    if (order.pdfStatus !== 'ready')
      throw new ConflictException({ code: ApiErrorCode.NotReady, message: ADMIN_ACTION_MESSAGES.pdfNotReady });
    const toEmail = { id: order.id, sessionId: found.sessionId, product: order.product };
    await this.emails.resendFinal(toEmail);
    return { message: ADMIN_ACTION_MESSAGES.finalEmailQueued(found.email) };
  }
}
