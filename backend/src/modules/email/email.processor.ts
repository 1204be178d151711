import { Injectable } from '@nestjs/common';
import { JobName, OnJob, type JobContext, type JobDataOf } from '../../infra/jobs.js';
import { EmailService, NothingToSendError, type EmailJobName } from './email.service.js';

/**
 * Sends queued emails. A throw lets the queue retry with its backoff; each attempt lands in email_log. The preview's
 * magic code leaves the stored job once it is done (the jobs port forgets it).
 */
@Injectable()
export class EmailProcessor {
  constructor(private readonly emails: EmailService) {}

  @OnJob(JobName.SendPreviewEmail)
  preview(data: JobDataOf[JobName.SendPreviewEmail], job: JobContext): Promise<{ messageId: string }> {
    return this.deliver(JobName.SendPreviewEmail, data, job);
  }

  @OnJob(JobName.SendFinalEmail)
  final(data: JobDataOf[JobName.SendFinalEmail], job: JobContext): Promise<{ messageId: string }> {
    return this.deliver(JobName.SendFinalEmail, data, job);
  }

  @OnJob(JobName.SendContactAck)
  contactAck(data: JobDataOf[JobName.SendContactAck], job: JobContext): Promise<{ messageId: string }> {
    return this.deliver(JobName.SendContactAck, data, job);
  }

  @OnJob(JobName.SendShareVoucherEmail)
  shareVoucher(data: JobDataOf[JobName.SendShareVoucherEmail], job: JobContext): Promise<{ messageId: string }> {
    return this.deliver(JobName.SendShareVoucherEmail, data, job);
  }

  private async deliver<N extends EmailJobName>(name: N, data: JobDataOf[N], job: JobContext): Promise<{ messageId: string }> {
    try {
      return await this.emails.deliver(name, data, { number: job.attempt, of: job.attempts });
    } catch (error) {
      // Retrying cannot bring back a deleted session; stop here instead of using up the attempts.
      if (error instanceof NothingToSendError) job.discard();
      throw error;
    }
  }
}
