import { Injectable, Logger } from '@nestjs/common';
import { validateContact } from '@colouring/domain';
import { accepted } from '../../common/validation.js';
import { EmailService } from '../email/index.js';
import { ContactMessagesService } from '../contact-messages/index.js';
import type { ContactDto } from './contact.dto.js';

const ACK_QUEUE_WAIT_MS = 2000;

@Injectable()
export class ContactService {
  private readonly logger = new Logger(ContactService.name);

  constructor(
    private readonly messages: ContactMessagesService,
    private readonly emails: EmailService,
  ) {}

  /** Saves a message and queues its acknowledgement; one caught by the honeypot is answered alike but never stored. */
  async receive(dto: ContactDto): Promise<void> {
    const message = accepted(validateContact(dto));
    if (dto.website) return;
    const id = await this.messages.record(message);
    // The message is what matters: a queue that cannot take the acknowledgement must not make the parent send it again,
    // nor keep them waiting while Redis is away (Bull holds the command, and queues the job if Redis is back soon).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const queueUnavailable = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the email queue did not answer in time')), ACK_QUEUE_WAIT_MS);
    });
    await Promise.race([this.emails.enqueueContactAck(id), queueUnavailable])
      .catch((error: Error) => this.logger.warn({ err: error.message }, 'contact acknowledgement not queued'))
      .finally(() => clearTimeout(timer));
  }
}
