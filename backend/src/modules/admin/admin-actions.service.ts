import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { ADMIN_ACTION_MESSAGES, ApiErrorCode, validateEmail, type AdminActionAnswer } from '@colouring/domain';
import { EmailService } from '../email/index.js';
import { PdfRetryService, type PdfRetryOutcome } from '../orders/index.js';
import { SessionsService } from '../sessions/index.js';
import { AdminSessionsQueryService, type AdminSessionOrder } from './admin-sessions.query.js';

/** Why a retry was refused, in the admin's words (all 409). */
const RETRY_REFUSALS: Record<Exclude<PdfRetryOutcome, 'queued'>, { code: ApiErrorCode; message: string }> = {
  not_paid: { code: ApiErrorCode.Conflict, message: ADMIN_ACTION_MESSAGES.notPaid },
  expired: { code: ApiErrorCode.Conflict, message: ADMIN_ACTION_MESSAGES.expired },
  not_failed: { code: ApiErrorCode.Conflict, message: ADMIN_ACTION_MESSAGES.pdfNotFailed },
  busy: { code: ApiErrorCode.Conflict, message: ADMIN_ACTION_MESSAGES.pdfBusy },
};

/** What the admin does to a parent's session; each action's writes go through the module that owns the table. */
@Injectable()
export class AdminActionsService {
  constructor(
    private readonly sessions: AdminSessionsQueryService,
    private readonly emails: EmailService,
    private readonly parents: SessionsService,
    private readonly pdfs: PdfRetryService,
  ) {}

  /** The session's address, paid or not (checked with the domain's rule: 400 with its words); refused once expired. */
  async correctEmail(sessionId: string, input: string): Promise<AdminActionAnswer> {
    const checked = validateEmail(input);
    if (!checked.ok)
      throw new BadRequestException({ code: ApiErrorCode.ValidationFailed, message: checked.message, errors: { email: checked.message } });
    const found = await this.found(sessionId);
    if (found.sessionExpired || !(await this.parents.correctEmail(sessionId, checked.value)))
      throw new ConflictException({ code: ApiErrorCode.Conflict, message: ADMIN_ACTION_MESSAGES.expired });
    return { message: ADMIN_ACTION_MESSAGES.emailCorrected(checked.value) };
  }

  /** The paid order's PDF made again (a failed one only); the thank-you page shows its progress again. */
  async retryPdf(sessionId: string): Promise<AdminActionAnswer> {
    const { order } = await this.found(sessionId);
    if (!order) throw new ConflictException({ code: ApiErrorCode.Conflict, message: ADMIN_ACTION_MESSAGES.notPaid });
    const outcome = await this.pdfs.retryPdf(order.id);
    if (outcome !== 'queued') throw new ConflictException(RETRY_REFUSALS[outcome]);
    return { message: ADMIN_ACTION_MESSAGES.pdfQueued };
  }

  private async found(sessionId: string): Promise<AdminSessionOrder> {
    const found = await this.sessions.sessionOrder(sessionId);
    if (!found) throw new NotFoundException({ code: ApiErrorCode.NotFound, message: ADMIN_ACTION_MESSAGES.sessionNotFound });
    return found;
  }

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
