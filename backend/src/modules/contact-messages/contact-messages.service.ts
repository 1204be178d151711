import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { ContactMessage } from '@colouring/domain';
import { magicCodeHash } from '../../common/magic-code.js';
import { ContactMessageEntity } from './contact-message.entity.js';

/** A stored contact message as other modules see it: read only. */
export type ContactMessageRecord = Readonly<ContactMessageEntity>;

/** The `contact_messages` table: messages stored by the contact form, read back by the email module for the acknowledgement. */
@Injectable()
export class ContactMessagesService {
  constructor(@InjectRepository(ContactMessageEntity) private readonly messages: Repository<ContactMessageEntity>) {}

  /** Stores a checked message, its magic code as the hash sessions are looked up by; answers its id. */
  async record(message: ContactMessage): Promise<string> {
    const { magicCode, ...rest } = message;
    const saved = await this.messages.save(
      this.messages.create({ ...rest, magicCodeHash: magicCode === null ? null : magicCodeHash(magicCode) }),
    );
    return saved.id;
  }

  findById(id: string): Promise<ContactMessageRecord | null> {
    return this.messages.findOneBy({ id });
  }
}
