import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Redis } from 'ioredis';
import { In, type EntityManager, type Repository } from 'typeorm';
import { PREVIEW_MESSAGES, SHARE_MESSAGES, type ProductType } from '@colouring/domain';
import { maskMagicCodes } from '../../common/magic-code.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import { JobName, Jobs, type JobDataOf } from '../../infra/jobs.js';
import { MAILER, type MailAttachment, type Mailer, type MailMessage } from '../../infra/mailer.js';
import { REDIS } from '../../infra/redis.js';
import { ContactMessagesService } from '../contact-messages/index.js';
import { pdfFileName, PdfFiles, pdfNameOf, type PdfName, type StoredPdf } from '../pdf/index.js';
import { SessionsService, type SessionRecord } from '../sessions/index.js';
import { VouchersService } from '../vouchers/index.js';
import { EmailLogEntity, type EmailStatus, type EmailTemplate } from './email-log.entity.js';
import { contactAckEmail } from './templates/contact-ack-email.js';
import { finalEmail } from './templates/final-email.js';
import { previewEmail } from './templates/preview-email.js';
import { shareVoucherEmail } from './templates/share-voucher-email.js';

/** The email jobs, each with the email_log row that records it. */
export type EmailJobName = JobName.SendPreviewEmail | JobName.SendFinalEmail | JobName.SendContactAck | JobName.SendShareVoucherEmail;

/** Which email_log template each email job sends. */
export const TEMPLATE_OF: Record<EmailJobName, EmailTemplate> = {
  [JobName.SendPreviewEmail]: 'preview',
  [JobName.SendFinalEmail]: 'final',
  [JobName.SendContactAck]: 'contact-ack',
  [JobName.SendShareVoucherEmail]: 'share-voucher',
};
/** The `email_log` template of the paid order's email: a session without a row of it has had no final email queued. */
export const FINAL_EMAIL_TEMPLATE = TEMPLATE_OF[JobName.SendFinalEmail];

/** Emails carry the PDF only under this size; larger ones get the download link alone. */
export const EMAIL_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

/** The paid order a final email is about. */
export interface OrderToEmail {
  id: string;
  sessionId: string;
  product: ProductType;
}

/** The email could not even be queued (Redis unreachable): a 503 with the catalogue's message. */
export class EmailNotQueuedError extends ServiceUnavailableException {}

/** There is nothing to send any more (the session or message is gone or expired): retrying cannot help. */
export class NothingToSendError extends Error {}

/** An attempt failed; the message is safe to log and store (no magic code, no credentials). */
export class EmailDeliveryError extends Error {}

// From checkout to the final email: minutes when all goes well; a checkout never paid leaves it to expire.
const FINAL_EMAIL_CODE_HOLD_SECONDS = 48 * 60 * 60;
const finalEmailCodeKey = (sessionId: string): string => `final-email-code:${sessionId}`;
const URL_CREDENTIALS = /\/\/[^/\s@]*@/g;
const LAST_ERROR_MAX_LENGTH = 500;

/** An error's message, fit for a log line and email_log.last_error. */
export function describeFailure(error: unknown): string {
  const raw = error instanceof Error ? error.message : String(error);
  return maskMagicCodes(raw).replace(URL_CREDENTIALS, '//[credentials]@').slice(0, LAST_ERROR_MAX_LENGTH);
}

/**
 * Anyone can make the shop email an address: a contact message acknowledges to the address it gives, and a new session's
 * preview goes to the address typed in. So these go to one address at most this many times a day; past that they are
 * dropped (the contact message itself is still kept). The paid order's email is never held back.
 */
export const RECIPIENT_DAILY_LIMIT = 5;
const LIMITED_PER_RECIPIENT: readonly EmailTemplate[] = ['preview', 'contact-ack'];

/** One email to queue: the job (without its log row, which enqueue adds), the address and the session it is about. */
type Enqueue = {
  [N in EmailJobName]: {
    name: N;
    data: Omit<JobDataOf[N], 'emailLogId'>;
    to: string;
    sessionId: string | null;
    /** Refuse when email_log already has this template for this session (beyond the queue's own retention). */
    oncePerSession: boolean;
  };
}[EmailJobName];

/** Queues the shop's emails (each once), composes them from the database and sends them through the mailer. */
@Injectable()
export class EmailService {
  private readonly logger = new Logger(EmailService.name);

  constructor(
    private readonly jobs: Jobs,
    @InjectRepository(EmailLogEntity) private readonly logs: Repository<EmailLogEntity>,
    private readonly sessions: SessionsService,
    private readonly contactMessages: ContactMessagesService,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly pdfs: PdfFiles,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly vouchers: VouchersService,
  ) {}

  /**
   * The preview email, once per session, with the restore link: the caller's request carried the magic code, which
   * rides in the job until it is done. Answers whether it was queued now (false: it already was).
   */
  async enqueuePreview(sessionId: string, magicCode: string): Promise<boolean> {
    const session = await this.session(sessionId);
    return this.enqueue(
      { name: JobName.SendPreviewEmail, data: { sessionId, magicCode }, to: session.email, sessionId, oncePerSession: true },
      PREVIEW_MESSAGES.sendFailed,
    );
  }

  /** The final email of a paid order, with its PDF and the download link, once (the print job may run more than once). */
  async enqueueFinal(order: OrderToEmail): Promise<boolean> {
    const session = await this.session(order.sessionId);
    return this.enqueue({
      name: JobName.SendFinalEmail,
      data: { orderId: order.id, product: order.product },
      to: session.email,
      sessionId: order.sessionId,
      oncePerSession: true,
    });
  }

  /**
   * Checkout is the last request with the magic code before payment: the final email's code is held in Redis from
   * here until that email is sent (docs/decisions/008). Without it the final email goes out without links.
   */
  async holdCodeForFinalEmail(sessionId: string, magicCode: string): Promise<void> {
    await this.redis.set(finalEmailCodeKey(sessionId), magicCode, 'EX', FINAL_EMAIL_CODE_HOLD_SECONDS);
  }

  /** The final email again, on the admin's request (perhaps to a corrected address): always queued. */
  async resendFinal(order: OrderToEmail): Promise<void> {
    const session = await this.session(order.sessionId);
    await this.enqueue({
      name: JobName.SendFinalEmail,
      data: { orderId: order.id, product: order.product, resend: randomUUID() },
      to: session.email,
      sessionId: order.sessionId,
      oncePerSession: false,
    });
  }

  /** The acknowledgement of a contact message, once per message. */
  async enqueueContactAck(contactMessageId: string): Promise<boolean> {
    const message = await this.contactMessages.findById(contactMessageId);
    if (!message) throw new NotFoundException('Contact message not found');
    return this.enqueue({
      name: JobName.SendContactAck,
      data: { contactMessageId },
      to: message.email,
      sessionId: null,
      oncePerSession: false,
    });
  }

  /**
   * The share voucher's email, once per voucher (its job id is the code), to the address the voucher was issued to.
   * Answers whether it was queued now; throws EmailNotQueuedError when the queue cannot take it.
   */
  async enqueueShareVoucher(voucherCode: string): Promise<boolean> {
    const voucher = await this.vouchers.shareVoucher(voucherCode);
    if (!voucher) throw new NotFoundException('Voucher not found');
    return this.enqueue(
      {
        name: JobName.SendShareVoucherEmail,
        data: { voucherCode: voucher.code },
        to: voucher.email,
        sessionId: voucher.createdFromSession,
        oncePerSession: false,
      },
      SHARE_MESSAGES.generateFailed,
    );
  }

  /** How the latest email of this kind for a session went, or null when none was queued. */
  async statusOf(sessionId: string, template: EmailTemplate): Promise<EmailStatus | null> {
    const latest = await this.logs.findOne({ where: { sessionId, template }, order: { createdAt: 'DESC' } });
    return latest?.status ?? null;
  }

  /**
   * One attempt at one queued email: composes it from the current data, sends it and records the attempt.
   * Throws on failure (NothingToSendError when retrying is pointless), so the queue retries with backoff.
   */
  async deliver<N extends EmailJobName>(
    name: N,
    data: JobDataOf[N],
    attempt: { number: number; of: number },
  ): Promise<{ messageId: string }> {
    const { emailLogId } = data;
    const template = TEMPLATE_OF[name];
    await this.logs.update(emailLogId, { attempts: attempt.number, status: 'queued' });
    try {
      const { message, sessionId } = await this.compose(name, data);
      await this.logs.update(emailLogId, { toAddress: message.to });
      const { messageId } = await this.mailer.send(message);
      await this.logs.update(emailLogId, { status: 'sent', lastError: null });
      if (name === JobName.SendFinalEmail && sessionId) await this.redis.del(finalEmailCodeKey(sessionId));
      this.logger.log({ template, emailLogId, attempt: attempt.number }, 'email sent');
      return { messageId };
    } catch (error) {
      const reason = describeFailure(error);
      const final = error instanceof NothingToSendError || attempt.number >= attempt.of;
      await this.logs.update(emailLogId, { status: final ? 'failed' : 'queued', lastError: reason });
      this.logger.warn(
        { template, emailLogId, attempt: attempt.number, final, reason },
        final ? 'email failed for good' : 'email attempt failed',
      );
      if (error instanceof NothingToSendError) throw error;
      throw new EmailDeliveryError(`Email send failed: ${reason}`);
    }
  }

  /** In the expiry's transaction: the record of what was sent to these sessions stays, the address goes. */
  async forgetAddressesOf(manager: EntityManager, sessionIds: string[]): Promise<void> {
    await manager.update(EmailLogEntity, { sessionId: In(sessionIds) }, { toAddress: '' });
  }

  /** The one path every email takes into the queue: its once-checks, its email_log row, its job. */
  private async enqueue(request: Enqueue, failureMessage = 'Email send failed'): Promise<boolean> {
    const { name, to, sessionId } = request;
    const template = TEMPLATE_OF[name];
    try {
      if ((await this.jobs.state(name, request.data as never)) !== 'missing') return false;
      if (request.oncePerSession && sessionId && (await this.logs.existsBy({ sessionId, template }))) return false;
      if (LIMITED_PER_RECIPIENT.includes(template) && (await this.recipientHadDailyLimit(to))) {
        this.logger.warn({ template }, 'email not queued: its recipient had the most a day');
        return false;
      }
      const log = await this.logs.save(
        this.logs.create({ toAddress: to, template, sessionId, status: 'queued', attempts: 0, lastError: null }),
      );
      // Two callers at once both get this far; the queue keeps the first job of an id, and the other's row goes.
      if (!(await this.jobs.add(name, { ...request.data, emailLogId: log.id } as never))) {
        await this.logs.delete(log.id);
        return false;
      }
      return true;
    } catch (error) {
      this.logger.error({ template, reason: describeFailure(error) }, 'email could not be queued');
      throw new EmailNotQueuedError(failureMessage);
    }
  }

  private async recipientHadDailyLimit(to: string): Promise<boolean> {
    const queued = await this.logs
      .createQueryBuilder('log')
      .where('lower(log.to_address) = lower(:to)', { to })
      .andWhere('log.template IN (:...templates)', { templates: LIMITED_PER_RECIPIENT })
      .andWhere(`log.created_at > now() - interval '1 day'`)
      .getCount();
    return queued >= RECIPIENT_DAILY_LIMIT;
  }

  private async session(sessionId: string): Promise<SessionRecord> {
    const session = await this.sessions.findById(sessionId);
    if (!session) throw new NotFoundException('Session not found');
    return session;
  }

  private async compose<N extends EmailJobName>(name: N, data: JobDataOf[N]): Promise<{ message: MailMessage; sessionId: string | null }> {
    const { publicUrl } = this.config;
    if (name === JobName.SendContactAck) {
      const { contactMessageId } = data as JobDataOf[JobName.SendContactAck];
      const contact = await this.contactMessages.findById(contactMessageId);
      if (!contact) throw new NothingToSendError('the contact message no longer exists');
      const message = { to: contact.email, ...contactAckEmail({ category: contact.category, message: contact.message, publicUrl }) };
      return { message, sessionId: null };
    }
    if (name === JobName.SendShareVoucherEmail) {
      const { voucherCode } = data as JobDataOf[JobName.SendShareVoucherEmail];
      const voucher = await this.vouchers.shareVoucher(voucherCode);
      if (!voucher) throw new NothingToSendError('the voucher no longer exists');
      const session = voucher.createdFromSession ? await this.sessions.findById(voucher.createdFromSession) : null;
      // A single-photo session names nobody ('Customer'), and only custom pages have scenes.
      const custom = session !== null && (session.productTypes[0] ?? 'custom_scenes') === 'custom_scenes';
      const rendered = shareVoucherEmail({
        childName: custom ? session.childName : null,
        voucherCode: voucher.code,
        sceneCount: custom ? session.selectedScenes.length : 0,
        expiresAt: voucher.expiresAt,
        publicUrl,
      });
      return { message: { to: voucher.email, ...rendered }, sessionId: voucher.createdFromSession };
    }
    // The log row names the session: the final email's job carries only its order.
    const log = await this.logs.findOneBy({ id: data.emailLogId });
    const session = log?.sessionId ? await this.sessions.findById(log.sessionId) : null;
    if (!session || session.isExpired) throw new NothingToSendError('the session no longer exists or has expired');
    if (name === JobName.SendPreviewEmail) {
      const { magicCode } = data as JobDataOf[JobName.SendPreviewEmail];
      const continueUrl = magicCode ? `${publicUrl}/continue/${magicCode}` : null;
      const rendered = previewEmail({ childName: session.childName, continueUrl, previewUrl: `${publicUrl}/preview`, publicUrl });
      return { message: { to: session.email, ...rendered }, sessionId: session.id };
    }
    const { orderId, product = 'custom_scenes' } = data as JobDataOf[JobName.SendFinalEmail];
    const pdf = await this.pdfs.find(orderId);
    if (!pdf) throw new Error('the PDF is not ready yet');
    const attachment = await this.pdfAttachment(pdfNameOf(product, session.childName), pdf);
    const magicCode = await this.redis.get(finalEmailCodeKey(session.id));
    const rendered = finalEmail({
      product,
      childName: session.childName,
      code: magicCode
        ? { magicCode, downloadUrl: `${publicUrl}/download/${magicCode}`, continueUrl: `${publicUrl}/continue/${magicCode}` }
        : null,
      pdfAttached: attachment !== null,
      publicUrl,
    });
    return { message: { to: session.email, ...rendered, attachments: attachment ? [attachment] : [] }, sessionId: session.id };
  }

  /** The PDF as an attachment when it is under the limit; otherwise the link alone will do. */
  private async pdfAttachment(name: PdfName, pdf: StoredPdf): Promise<MailAttachment | null> {
    if (pdf.size >= EMAIL_ATTACHMENT_MAX_BYTES) return null;
    return { filename: pdfFileName(name), contentType: 'application/pdf', content: await pdf.read() };
  }
}
