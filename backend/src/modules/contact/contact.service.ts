import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { validateContact } from '@colouring/domain';
import { accepted } from '../../common/validation.js';
import { ContactMessageEntity } from './contact-message.entity.js';
import type { ContactDto } from './contact.dto.js';

@Injectable()
export class ContactService {
  constructor(@InjectRepository(ContactMessageEntity) private readonly messages: Repository<ContactMessageEntity>) {}

  /** Saves a message; one caught by the honeypot is answered alike but never stored. */
  async receive(dto: ContactDto): Promise<void> {
    const message = accepted(validateContact(dto));
    if (dto.website) return;
    await this.messages.insert(message);
  }
}
