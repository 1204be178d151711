import { Module } from '@nestjs/common';
import { EmailModule } from '../email/email.module.js';
import { ContactController } from './contact.controller.js';
import { ContactMessagesModule } from './contact-messages.module.js';
import { ContactService } from './contact.service.js';

@Module({
  imports: [ContactMessagesModule, EmailModule],
  controllers: [ContactController],
  providers: [ContactService],
})
export class ContactModule {}
