import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContactMessageEntity } from './contact-message.entity.js';
import { ContactMessagesService } from './contact-messages.service.js';

/** The contact module's surface for other modules (email reads the message it acknowledges); no controllers and no imports. */
@Module({
  imports: [TypeOrmModule.forFeature([ContactMessageEntity])],
  providers: [ContactMessagesService],
  exports: [ContactMessagesService],
})
export class ContactMessagesModule {}
