import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AppConfig } from '../config/config.js';

/** Injection token of the one Mailer the app uses. */
export const MAILER = Symbol('MAILER');

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** A composed email: both parts are always sent, so every mail client has something to show. */
export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: readonly MailAttachment[];
}

/** Sends one email; throws when it was not accepted, so the caller (a queue job) can retry. */
export interface Mailer {
  send(message: MailMessage): Promise<{ messageId: string }>;
}

/** How long SMTP may take: to connect, to greet us, and between any two replies. */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

/** Real delivery over SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    timeouts: { connectionTimeout: number; greetingTimeout: number; socketTimeout: number } = SMTP_TIMEOUTS,
  ) {
    this.transport = nodemailer.createTransport({ url: smtpUrl, ...timeouts, logger: false, debug: false });
  }

  async send(message: MailMessage): Promise<{ messageId: string }> {
    const info = await this.transport.sendMail(toNodemailer(message, this.from));
    return { messageId: info.messageId };
  }
}

/** One message of the development mailbox, as listed. */
export interface MailboxEntry {
  id: string;
  to: string;
  subject: string;
  date: string;
}

/** One message of the development mailbox, in full. */
export interface MailboxMessage extends MailboxEntry {
  from: string;
  html: string;
  text: string;
  attachments: { filename: string; contentType: string; size: number }[];
}

const MAILBOX_ID = /^\d{8}T\d{9}Z-[0-9a-f]{8}$/;

/**
 * Development delivery without SMTP: each message becomes an .eml file (open it in any mail client) plus a small
 * JSON summary beside it, which the /dev/mailbox page lists. Never used in production (config requires SMTP_URL).
 */
export class DevMailbox implements Mailer {
  private readonly builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

  constructor(
    readonly directory: string,
    private readonly from: string,
  ) {}

  async send(message: MailMessage): Promise<{ messageId: string }> {
    const date = new Date();
    // Sortable by name: the time to the millisecond, then a random suffix.
    const id = `${date.toISOString().replace(/[-:.]/g, '')}-${randomBytes(4).toString('hex')}`;
    const info = (await this.builder.sendMail({ ...toNodemailer(message, this.from), date })) as { messageId: string; message: Buffer };
    const summary: MailboxMessage = {
      id,
      to: message.to,
      from: this.from,
      subject: message.subject,
      date: date.toISOString(),
      html: message.html,
      text: message.text,
      attachments: (message.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.content.length })),
    };
    await mkdir(this.directory, { recursive: true });
    await writeFile(join(this.directory, `${id}.eml`), info.message);
    // The summary is what the listing reads, so it appears (atomically) only once the .eml is complete.
    const summaryPath = join(this.directory, `${id}.json`);
    await writeFile(`${summaryPath}.tmp`, JSON.stringify(summary));
    await rename(`${summaryPath}.tmp`, summaryPath);
    return { messageId: info.messageId };
  }

  /** Every message, newest first. */
  async list(): Promise<MailboxEntry[]> {
    let names: string[];
    try {
      names = await readdir(this.directory);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const ids = names
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.slice(0, -'.json'.length))
      .filter((id) => MAILBOX_ID.test(id))
      .sort()
      .reverse();
    const entries: MailboxEntry[] = [];
    for (const id of ids) {
      const message = await this.read(id);
      if (message) entries.push({ id: message.id, to: message.to, subject: message.subject, date: message.date });
    }
    return entries;
  }

  /** One message, or null when there is none by that id. */
  async read(id: string): Promise<MailboxMessage | null> {
    if (!MAILBOX_ID.test(id)) return null;
    try {
      return JSON.parse(await readFile(join(this.directory, `${id}.json`), 'utf8')) as MailboxMessage;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }
}

/** Where the development mailbox lives: `var/mailbox/` beside `var/storage/` (so tests get their own). */
export function mailboxDirectory(config: AppConfig): string {
  return join(dirname(config.storageDir), 'mailbox');
}

/** SMTP when SMTP_URL is set (always, in production); otherwise the development mailbox. */
export function createMailer(config: AppConfig): Mailer {
  return config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : new DevMailbox(mailboxDirectory(config), config.mailFrom);
}

function toNodemailer(message: MailMessage, from: string) {
  return {
    from,
    to: message.to,
    subject: message.subject,
    html: message.html,
    text: message.text,
    attachments: (message.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
  };
}
