import { Process, Processor } from '@nestjs/bull';
import type { Job } from 'bull';
import { EmailJob, QueueName } from '../jobs/queues.js';
import { EmailService, NothingToSendError, type EmailJobPayload } from './email.service.js';

/** Sends queued emails. A throw lets Bull retry with the queue's backoff; each attempt lands in email_log. */
@Processor(QueueName.Email)
export class EmailProcessor {
  constructor(private readonly emails: EmailService) {}

  @Process(EmailJob.Preview)
  preview(job: Job<EmailJobPayload>): Promise<{ messageId: string }> {
    return this.deliver(EmailJob.Preview, job);
  }

  @Process(EmailJob.Final)
  final(job: Job<EmailJobPayload>): Promise<{ messageId: string }> {
    return this.deliver(EmailJob.Final, job);
  }

  @Process(EmailJob.ContactAck)
  contactAck(job: Job<EmailJobPayload>): Promise<{ messageId: string }> {
    return this.deliver(EmailJob.ContactAck, job);
  }

  private async deliver(template: EmailJob, job: Job<EmailJobPayload>): Promise<{ messageId: string }> {
    let { emailLogId } = job.data;
    if (!emailLogId) {
      emailLogId = await this.emails.openLog(template, job.data);
      await job.update({ ...job.data, emailLogId });
    }
    const attempt = { number: job.attemptsMade + 1, of: job.opts.attempts ?? 1 };
    try {
      const sent = await this.emails.deliver(template, job.data, emailLogId, attempt);
      await this.forgetMagicCode(job);
      return sent;
    } catch (error) {
      // Retrying cannot bring back a deleted session; stop here instead of using up the attempts.
      if (error instanceof NothingToSendError) await job.discard();
      if (error instanceof NothingToSendError || attempt.number >= attempt.of) await this.forgetMagicCode(job);
      throw error;
    }
  }

  /** A finished job keeps no magic code in Redis, however long the queue keeps the job itself. */
  private async forgetMagicCode(job: Job<EmailJobPayload>): Promise<void> {
    if (!('magicCode' in job.data)) return;
    const { magicCode: _sent, ...rest } = job.data;
    await job.update(rest);
  }
}
