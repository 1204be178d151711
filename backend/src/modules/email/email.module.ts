import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import { createMailer, MAILER } from '../../infra/mailer.js';
import { FILE_STORAGE, FileStorageModule, type FileStorage } from '../../infra/storage.js';
import { ContactMessagesModule } from '../contact/contact-messages.module.js';
import { SessionRecordsModule } from '../sessions/session-records.module.js';
import { DevMailboxController } from './dev-mailbox.controller.js';
import { EmailLogEntity } from './email-log.entity.js';
import { EmailService } from './email.service.js';
import { ORDER_PDF, storedOrderPdfs } from './order-pdf.js';

/** Queues emails (EmailService, for other modules) and serves the development mailbox. Imported by AppModule. */
@Module({
  imports: [TypeOrmModule.forFeature([EmailLogEntity]), SessionRecordsModule, ContactMessagesModule, FileStorageModule],
  controllers: [DevMailboxController],
  providers: [
    EmailService,
    { provide: MAILER, inject: [APP_CONFIG], useFactory: (config: AppConfig) => createMailer(config) },
    { provide: ORDER_PDF, inject: [FILE_STORAGE], useFactory: (storage: FileStorage) => storedOrderPdfs(storage) },
  ],
  exports: [EmailService],
})
export class EmailModule {}
