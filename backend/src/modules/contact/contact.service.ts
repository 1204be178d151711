import { Injectable, Logger } from '@nestjs/common';
import { validateContact } from '@colouring/domain';
import { accepted } from '../../common/validation.js';
import { EmailService } from '../email/email.service.js';
import { ContactMessagesService } from './contact-messages.service.js';
import type { ContactDto } from './contact.dto.js';

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
    // The message is what matters: a queue that cannot take the acknowledgement must not make the parent send it again.
    await this.emails
      .enqueueContactAck(id)
      .catch((error: Error) => this.logger.warn({ err: error.message }, 'contact acknowledgement not queued'));
  }
}
