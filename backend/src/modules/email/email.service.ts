import { randomUUID } from 'node:crypto';
import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable, Logger, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Queue } from 'bull';
import type { Redis } from 'ioredis';
import type { EntityManager, Repository } from 'typeorm';
import { PREVIEW_MESSAGES } from '@colouring/domain';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import { MAILER, type MailAttachment, type Mailer, type MailMessage } from '../../infra/mailer.js';
import { REDIS } from '../../infra/redis.js';
import { ContactMessagesService } from '../contact/contact-messages.service.js';
import { EmailJob, QueueName, type EmailJobData } from '../jobs/queues.js';
import { SessionRecordsService, type SessionRecord } from '../sessions/session-records.service.js';
import { EmailLogEntity, type EmailStatus } from './email-log.entity.js';
import { EMAIL_ATTACHMENT_MAX_BYTES, ORDER_PDF, type OrderPdfSource } from './order-pdf.js';
import { contactAckEmail } from './templates/contact-ack-email.js';
import { finalEmail } from './templates/final-email.js';
import { previewEmail } from './templates/preview-email.js';

/** What an email job carries: what to send, and the email_log row that records it (added on the first attempt when missing). */
export type EmailJobPayload = EmailJobData & { emailLogId?: string };

/** The email could not even be queued (Redis unreachable): a 503 with the catalogue's message. */
export class EmailNotQueuedError extends ServiceUnavailableException {}

/** There is nothing to send any more (the session or message is gone or expired): retrying cannot help. */
export class NothingToSendError extends Error {}

/** An attempt failed; the message is safe to log and store (no magic code, no credentials). */
export class EmailDeliveryError extends Error {}

const MAGIC_CODE = /[0-9a-f]{64}/gi;
// From checkout to the final email: minutes when all goes well; a checkout never paid leaves it to expire.
const FINAL_EMAIL_CODE_HOLD_SECONDS = 48 * 60 * 60;
const finalEmailCodeKey = (sessionId: string): string => `final-email-code:${sessionId}`;
const URL_CREDENTIALS = /\/\/[^/\s@]*@/g;
const LAST_ERROR_MAX_LENGTH = 500;

/** An error's message, fit for a log line and email_log.last_error. */
export function describeFailure(error: unknown): string {
  const raw = error instanceof Error ? error.message : String(error);
  return raw.replace(MAGIC_CODE, '[code]').replace(URL_CREDENTIALS, '//[credentials]@').slice(0, LAST_ERROR_MAX_LENGTH);
}

/**
 * Anyone can make the shop email an address: a contact message acknowledges to the address it gives, and a new session's
 * preview goes to the address typed in. So these go to one address at most this many times a day; past that they are
 * dropped (the contact message itself is still kept). The paid order's email is never held back.
 */
export const RECIPIENT_DAILY_LIMIT = 5;
const LIMITED_PER_RECIPIENT: readonly EmailJob[] = [EmailJob.Preview, EmailJob.ContactAck];

interface Enqueue {
  template: EmailJob;
  jobId: string;
  data: EmailJobData;
  to: string;
  sessionId: string | null;
  /** Refuse when email_log already has this template for this session (beyond the queue's own retention). */
  oncePerSession: boolean;
}

/** Queues the shop's emails (each once), composes them from the database and sends them through the mailer. */
@Injectable()
export class EmailService {
  private readonly logger = new Logger(EmailService.name);

  constructor(
    @InjectQueue(QueueName.Email) private readonly queue: Queue<EmailJobPayload>,
    @InjectRepository(EmailLogEntity) private readonly logs: Repository<EmailLogEntity>,
    private readonly sessions: SessionRecordsService,
    private readonly contactMessages: ContactMessagesService,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ORDER_PDF) private readonly pdfs: OrderPdfSource,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /**
   * The preview email, once per session, with the restore link: the caller's request carried the magic code, which
   * rides in the job until it is done. Answers whether it was queued now (false: it already was).
   */
  async enqueuePreview(sessionId: string, magicCode: string): Promise<boolean> {
    const session = await this.session(sessionId);
    return this.enqueue(
      {
        template: EmailJob.Preview,
        jobId: `preview:${sessionId}`,
        data: { sessionId, magicCode },
        to: session.email,
        sessionId,
        oncePerSession: true,
      },
      PREVIEW_MESSAGES.sendFailed,
    );
  }

  /** The final email with the download link, once per session (the PDF job may run more than once). */
  async enqueueFinal(sessionId: string): Promise<boolean> {
    const session = await this.session(sessionId);
    return this.enqueue({
      template: EmailJob.Final,
      jobId: `final:${sessionId}`,
      data: { sessionId },
      to: session.email,
      sessionId,
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
  async resendFinal(sessionId: string): Promise<void> {
    const session = await this.session(sessionId);
    const jobId = `final:${sessionId}:resend:${randomUUID()}`;
    await this.enqueue({ template: EmailJob.Final, jobId, data: { sessionId }, to: session.email, sessionId, oncePerSession: false });
  }

  /** The acknowledgement of a contact message, once per message. */
  async enqueueContactAck(contactMessageId: string): Promise<boolean> {
    const message = await this.contactMessages.findById(contactMessageId);
    if (!message) throw new NotFoundException('Contact message not found');
    return this.enqueue({
      template: EmailJob.ContactAck,
      jobId: `contact-ack:${contactMessageId}`,
      data: { contactMessageId },
      to: message.email,
      sessionId: null,
      oncePerSession: false,
    });
  }

  /** How the latest email of this kind for a session went, or null when none was queued. */
  async statusOf(sessionId: string, template: EmailJob): Promise<EmailStatus | null> {
    const latest = await this.logs.findOne({ where: { sessionId, template }, order: { createdAt: 'DESC' } });
    return latest?.status ?? null;
  }

  /**
   * One attempt at one queued email: composes it from the current data, sends it and records the attempt.
   * Throws on failure (NothingToSendError when retrying is pointless), so the queue retries with backoff.
   */
  async deliver(
    template: EmailJob,
    data: EmailJobData,
    emailLogId: string,
    attempt: { number: number; of: number },
  ): Promise<{ messageId: string }> {
    await this.logs.update(emailLogId, { attempts: attempt.number, status: 'queued' });
    try {
      const message = await this.compose(template, data);
      await this.logs.update(emailLogId, { toAddress: message.to });
      const { messageId } = await this.mailer.send(message);
      await this.logs.update(emailLogId, { status: 'sent', lastError: null });
      if (template === EmailJob.Final && 'sessionId' in data) await this.redis.del(finalEmailCodeKey(data.sessionId));
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

  /** An email_log row for a job queued without one (added straight to the queue rather than through this service). */
  async openLog(template: EmailJob, data: EmailJobData): Promise<string> {
    const sessionId = 'sessionId' in data ? data.sessionId : null;
    const recipient =
      'sessionId' in data ? await this.sessions.findById(data.sessionId) : await this.contactMessages.findById(data.contactMessageId);
    const log = await this.logs.save(
      this.logs.create({
        toAddress: recipient?.email ?? '',
        template,
        sessionId: recipient ? sessionId : null,
        status: 'queued',
        attempts: 0,
        lastError: null,
      }),
    );
    return log.id;
  }

  /** In the expiry's transaction: the record of what was sent to these sessions stays, the address goes. */
  async forgetAddressesOf(manager: EntityManager, sessionIds: string[]): Promise<void> {
    await manager.query(`UPDATE email_log SET to_address = '' WHERE session_id = ANY($1::uuid[]) AND to_address <> ''`, [sessionIds]);
  }

  private async enqueue(request: Enqueue, failureMessage = 'Email send failed'): Promise<boolean> {
    const { template, jobId, data, to, sessionId } = request;
    try {
      if (await this.queue.getJob(jobId)) return false;
      if (request.oncePerSession && sessionId && (await this.logs.existsBy({ sessionId, template }))) return false;
      if (LIMITED_PER_RECIPIENT.includes(template) && (await this.recipientHadDailyLimit(to))) {
        this.logger.warn({ template }, 'email not queued: its recipient had the most a day');
        return false;
      }
      const log = await this.logs.save(
        this.logs.create({ toAddress: to, template, sessionId, status: 'queued', attempts: 0, lastError: null }),
      );
      await this.queue.add(template, { ...data, emailLogId: log.id }, { jobId });
      // Two callers at once both get this far; Bull keeps the first job of a jobId, and the other's row goes.
      const kept = await this.queue.getJob(jobId);
      if (kept && kept.data.emailLogId !== log.id) {
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

  private async compose(template: EmailJob, data: EmailJobData): Promise<MailMessage> {
    const { publicUrl } = this.config;
    if ('contactMessageId' in data) {
      const contact = await this.contactMessages.findById(data.contactMessageId);
      if (!contact) throw new NothingToSendError('the contact message no longer exists');
      return { to: contact.email, ...contactAckEmail({ category: contact.category, message: contact.message, publicUrl }) };
    }
    const session = await this.sessions.findById(data.sessionId);
    if (!session || session.isExpired) throw new NothingToSendError('the session no longer exists or has expired');
    if (template === EmailJob.Preview) {
      const continueUrl = data.magicCode ? `${publicUrl}/continue/${data.magicCode}` : null;
      const rendered = previewEmail({ childName: session.childName, continueUrl, previewUrl: `${publicUrl}/preview`, publicUrl });
      return { to: session.email, ...rendered };
    }
    if (session.pdfStatus !== 'ready') throw new Error('the PDF is not ready yet');
    const attachment = await this.pdfAttachment(session);
    const magicCode = await this.redis.get(finalEmailCodeKey(session.id));
    const rendered = finalEmail({
      childName: session.childName,
      code: magicCode
        ? { magicCode, downloadUrl: `${publicUrl}/download/${magicCode}`, continueUrl: `${publicUrl}/continue/${magicCode}` }
        : null,
      pdfAttached: attachment !== null,
      publicUrl,
    });
    return { to: session.email, ...rendered, attachments: attachment ? [attachment] : [] };
  }

  /** The PDF as an attachment when storage has it and it is under the limit; otherwise the link alone will do. */
  private async pdfAttachment(session: SessionRecord): Promise<MailAttachment | null> {
    const pdf = await this.pdfs.find({ id: session.id, pdfUrl: session.pdfUrl });
    if (!pdf || pdf.size >= EMAIL_ATTACHMENT_MAX_BYTES) return null;
    const filename = `${session.childName.replace(/[^\p{L}\p{N}-]+/gu, '-').replace(/^-+|-+$/g, '') || 'your'}-colouring-pages.pdf`;
    return { filename, contentType: 'application/pdf', content: await pdf.read() };
  }
}
