import { Controller, Get, Inject, NotFoundException, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import { DevMailbox, MAILER, type MailboxEntry, type MailboxMessage, type Mailer } from '../../infra/mailer.js';

/** The development mailbox, so a newcomer can read the shop's emails without a mail server. 404 wherever real mail goes. */
@ApiTags('development')
@ApiNotFoundResponse({ description: 'In production, or whenever SMTP_URL is set.' })
@Controller('dev/mailbox')
export class DevMailboxController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MAILER) private readonly mailer: Mailer,
  ) {}

  @Get()
  async list(): Promise<{ directory: string; messages: MailboxEntry[] }> {
    const mailbox = this.mailbox();
    return { directory: mailbox.directory, messages: await mailbox.list() };
  }

  @Get(':id')
  async read(@Param('id') id: string): Promise<MailboxMessage> {
    const message = await this.mailbox().read(id);
    if (!message) throw new NotFoundException('Message not found');
    return message;
  }

  private mailbox(): DevMailbox {
    if (this.config.isProduction || this.config.smtpUrl || !(this.mailer instanceof DevMailbox)) throw new NotFoundException();
    return this.mailer;
  }
}
