import { Module } from '@nestjs/common';
import { EmailModule } from '../email/index.js';
import { ContactController } from './contact.controller.js';
import { ContactMessagesModule } from '../contact-messages/index.js';
import { ContactService } from './contact.service.js';

@Module({
  imports: [ContactMessagesModule, EmailModule],
  controllers: [ContactController],
  providers: [ContactService],
})
export class ContactModule {}
