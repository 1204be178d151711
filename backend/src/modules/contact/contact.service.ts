import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { validateContact } from '@colouring/domain';
import { accepted } from '../../common/validation.js';
import { EmailService } from '../email/email.service.js';
import { ContactMessageEntity } from './contact-message.entity.js';
import type { ContactDto } from './contact.dto.js';

@Injectable()
export class ContactService {
  private readonly logger = new Logger(ContactService.name);

  constructor(
    @InjectRepository(ContactMessageEntity) private readonly messages: Repository<ContactMessageEntity>,
    private readonly emails: EmailService,
  ) {}

  /** Saves a message and queues its acknowledgement; one caught by the honeypot is answered alike but never stored. */
  async receive(dto: ContactDto): Promise<void> {
    const message = accepted(validateContact(dto));
    if (dto.website) return;
    const saved = await this.messages.save(this.messages.create(message));
    // The message is what matters: a queue that cannot take the acknowledgement must not make the parent send it again.
    await this.emails.enqueueContactAck(saved.id).catch((error: Error) => this.logger.warn({ err: error.message }, 'contact acknowledgement not queued'));
  }
}
