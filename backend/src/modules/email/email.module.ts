import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import { createMailer, MAILER } from '../../infra/mailer.js';
import { ContactMessagesModule } from '../contact-messages/index.js';
import { PdfModule } from '../pdf/index.js';
import { SessionsModule } from '../sessions/index.js';
import { VouchersModule } from '../vouchers/index.js';
import { DevMailboxController } from './dev-mailbox.controller.js';
import { EmailLogEntity } from './email-log.entity.js';
import { EmailService } from './email.service.js';

/** Queues emails (EmailService, for other modules; `email_log` is written only there) and serves the development mailbox. */
@Module({
  imports: [TypeOrmModule.forFeature([EmailLogEntity]), SessionsModule, ContactMessagesModule, PdfModule, VouchersModule],
  controllers: [DevMailboxController],
  providers: [EmailService, { provide: MAILER, inject: [APP_CONFIG], useFactory: (config: AppConfig) => createMailer(config) }],
  exports: [EmailService],
})
export class EmailModule {}
