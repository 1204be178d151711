import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getQueueToken } from '@nestjs/bull';
import { NotFoundException, type LoggerService } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import type { JobOptions, Queue as BullQueue } from 'bull';
import request from 'supertest';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { CoreModule } from '../src/app.module.js';
import { magicCodeHash } from '../src/common/magic-code.js';
import type { AppConfig } from '../src/config/config.js';
import { createDataSource } from '../src/database/data-source.js';
import { prepareDatabase } from '../src/database/prepare.js';
import { JobsWorkerModule } from '../src/infra/jobs-worker.js';
import { JOBS_SETTINGS, JobName, QueueName, jobId } from '../src/infra/jobs.js';
import { DevMailbox, MAILER } from '../src/infra/mailer.js';
import { REDIS } from '../src/infra/redis.js';
import { FILE_STORAGE, LocalFileStorage, type FileStorage } from '../src/infra/storage.js';
import { DevMailboxController } from '../src/modules/email/dev-mailbox.controller.js';
import { EmailWorkerModule } from '../src/modules/email/email-worker.module.js';
import { EmailModule } from '../src/modules/email/email.module.js';
import { EMAIL_ATTACHMENT_MAX_BYTES, EmailService } from '../src/modules/email/email.service.js';
import { previewEmail } from '../src/modules/email/templates/preview-email.js';
import { PdfFiles } from '../src/modules/pdf/index.js';
import { parseEmail } from './support/mime.js';
import { insertOrder } from './support/orders.js';
import { TestSmtpServer } from './support/smtp-server.js';
import { testJobsSettings, unusedJobHandlers } from './support/jobs.js';
import { testConfig } from './support/test-app.js';

const quiet = { info: () => {}, warn: () => {} };

/** Bull's queue with the defaults every added job gets (missing from its typings). */
type Queue = BullQueue & { defaultJobOptions: JobOptions };

/** Every line any part of the app logs, as JSON text, so a test can search it. */
class CapturedLogs implements LoggerService {
  readonly lines: string[] = [];
  private keep = (...args: unknown[]): void => {
    this.lines.push(
      JSON.stringify(args, (_key, value: unknown) => (value instanceof Error ? { message: value.message, stack: value.stack } : value)),
    );
  };
  log = this.keep;
  error = this.keep;
  warn = this.keep;
  debug = this.keep;
  verbose = this.keep;
  fatal = this.keep;
}

/** The email module as the app wires it (queue producer + email handlers), against the real PostgreSQL, Redis and file storage. */
async function startEmailApp(overrides: Record<string, string>, logs: CapturedLogs) {
  const config = testConfig(overrides);
  await prepareDatabase(config, quiet);
  // Queues of this test's own, retries a tenth of a second apart.
  const settings = testJobsSettings('email', QueueName.Email);
  const moduleRef = await Test.createTestingModule({
    imports: [CoreModule.forRoot(config), EmailModule, EmailWorkerModule, JobsWorkerModule],
    providers: [
      unusedJobHandlers('email', [
        JobName.RenderPortrait,
        JobName.RenderPhotoArt,
        JobName.PrintOrder,
        JobName.PurgeStagedPhotos,
        JobName.ExpireSessions,
      ]),
    ],
  })
    .overrideProvider(JOBS_SETTINGS)
    .useValue(settings)
    .compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>();
  app.useLogger(logs);
  app.setGlobalPrefix('api');
  await app.init();
  const queue = app.get<Queue>(getQueueToken(QueueName.Email));
  return { app, config, queue, emails: app.get(EmailService), files: app.get(PdfFiles), storage: app.get<FileStorage>(FILE_STORAGE) };
}

const finalJob = (orderId: string): string => jobId(JobName.SendFinalEmail, { orderId });

/** Waits for a queued job to finish, retries included; answers its final state. */
async function settled(queue: Queue, jobId: string, timeoutMs = 20_000): Promise<'completed' | 'failed'> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const job = await queue.getJob(jobId);
    const state = job ? await job.getState() : 'missing';
    if (state === 'completed' || state === 'failed') return state;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`job ${jobId} did not finish in ${timeoutMs} ms`);
}

interface EmailLogRow {
  to_address: string;
  template: string;
  session_id: string | null;
  status: string;
  attempts: number;
  last_error: string | null;
}

const marker = `email-test-${Date.now()}`;
let sequence = 0;
const magicCodes: string[] = [];

function newMagicCode(): string {
  const code = Array.from({ length: 64 }, () => '0123456789abcdef'[Math.floor(Math.random() * 16)]).join('');
  magicCodes.push(code);
  return code;
}

async function createSession(db: DataSource, fields: { childName?: string } = {}) {
  sequence += 1;
  const magicCode = newMagicCode();
  const email = `parent-${sequence}-${marker}@example.com`;
  const [{ id }] = await db.query(
    `INSERT INTO sessions (magic_code_hash, child_name, email, expires_at)
     VALUES ($1, $2, $3, now() + interval '30 days') RETURNING id`,
    [magicCodeHash(magicCode), fields.childName ?? 'Lily', email],
  );
  return { id: id as string, magicCode, email };
}

/** A session with its paid order whose PDF is ready (stored by the caller): what the final email is about. */
async function createPaidSession(db: DataSource, fields: { childName?: string } = {}) {
  const session = await createSession(db, fields);
  const order = await insertOrder(db, session.id, { paid: true, pdfStatus: 'ready' });
  return { ...session, order: { id: order.id, sessionId: session.id, product: 'custom_scenes' as const } };
}

async function emailLog(db: DataSource, sessionId: string): Promise<EmailLogRow[]> {
  return db.query(`SELECT to_address, template, session_id, status, attempts, last_error FROM email_log WHERE session_id = $1`, [
    sessionId,
  ]);
}

describe('emails over SMTP, through the email queue', () => {
  const smtp = new TestSmtpServer();
  const logs = new CapturedLogs();
  let app: NestExpressApplication;
  let config: AppConfig;
  let queue: Queue;
  let emails: EmailService;
  let files: PdfFiles;
  let storage: FileStorage;
  let db: DataSource;
  const orderIds: string[] = [];

  beforeAll(async () => {
    await smtp.start();
    ({ app, config, queue, emails, files, storage } = await startEmailApp({ SMTP_URL: smtp.url }, logs));
    db = createDataSource(config);
    await db.initialize();
  });

  afterAll(async () => {
    for (const orderId of orderIds) await files.remove(orderId);
    await db.query(`DELETE FROM email_log WHERE to_address LIKE $1`, [`%${marker}%`]);
    await db.query(`DELETE FROM sessions WHERE email LIKE $1`, [`%${marker}%`]);
    await db.query(`DELETE FROM contact_messages WHERE email LIKE $1`, [`%${marker}%`]);
    await db.destroy();
    await app.close();
    await smtp.stop();
  });

  it('delivers the preview email with the child’s name, both parts and the continue link, recorded sent after 1 attempt', async () => {
    const session = await createSession(db, { childName: 'Lily' });
    expect(await emails.enqueuePreview(session.id, session.magicCode)).toBe(true);
    expect(await settled(queue, `preview:${session.id}`)).toBe('completed');

    const [mail] = smtp.to(session.email);
    expect(mail.subject).toBe('Lily’s cartoon preview is ready');
    expect(mail.from).toContain(config.mailFrom.replace(/^.*</, '').replace(/>$/, ''));
    expect(mail.html).toMatch(/^<!DOCTYPE html>/);
    expect(mail.html).toContain('Lily’s cartoon preview is ready!');
    expect(mail.html).toContain(`href="${config.publicUrl}/continue/${session.magicCode}"`);
    expect(mail.html).toContain(`href="${config.publicUrl}/preview"`);
    expect(mail.html).toContain('#fff8ef');
    expect(mail.text).toContain('Lily’s cartoon preview is ready!');
    expect(mail.text).toContain(`${config.publicUrl}/continue/${session.magicCode}`);
    expect(mail.text).not.toMatch(/<[a-z]/i);
    expect(mail.attachments).toEqual([]);

    expect(await emailLog(db, session.id)).toEqual([
      { to_address: session.email, template: 'preview', session_id: session.id, status: 'sent', attempts: 1, last_error: null },
    ]);
    expect(await emails.statusOf(session.id, 'preview')).toBe('sent');
    // The code rode in the job only until it was sent: the job Redis keeps for a day has none.
    const job = await queue.getJob(`preview:${session.id}`);
    expect(job?.data).toEqual({ sessionId: session.id, emailLogId: expect.any(String) });
  });

  it('retries when the SMTP server refuses once (451), and delivers on the second attempt', async () => {
    const session = await createSession(db);
    smtp.refuseOnce({ stage: 'rcpt', code: 451, message: '4.3.0 Mailbox busy, try again later', to: session.email });
    await emails.enqueuePreview(session.id, session.magicCode);
    expect(await settled(queue, `preview:${session.id}`)).toBe('completed');

    expect(smtp.to(session.email)).toHaveLength(1);
    const [row] = await emailLog(db, session.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    const job = await queue.getJob(`preview:${session.id}`);
    expect(job?.attemptsMade).toBe(1);
    expect(logs.lines.some((line) => line.includes('email attempt failed') && line.includes('451'))).toBe(true);
  });

  it('records the refusal while the retry waits, and gives up as failed once every attempt is used', async () => {
    const session = await createSession(db);
    const attempts = Number(queue.defaultJobOptions.attempts);
    for (let i = 0; i < attempts; i++) smtp.refuseOnce({ stage: 'rcpt', code: 451, message: 'Try again later', to: session.email });
    await emails.enqueuePreview(session.id, session.magicCode);
    expect(await settled(queue, `preview:${session.id}`)).toBe('failed');

    expect(smtp.to(session.email)).toHaveLength(0);
    const [row] = await emailLog(db, session.id);
    expect(row).toMatchObject({ status: 'failed', attempts });
    expect(row.last_error).toContain('451');
    expect(await emails.statusOf(session.id, 'preview')).toBe('failed');
  });

  it('keeps a magic code quoted in an SMTP refusal out of email_log, the job’s failure and the logs', async () => {
    const session = await createSession(db);
    smtp.refuseOnce({ stage: 'data', code: 554, message: `5.7.1 Content rejected near /continue/${session.magicCode}`, to: session.email });
    await emails.enqueuePreview(session.id, session.magicCode);
    expect(await settled(queue, `preview:${session.id}`)).toBe('completed');

    const [row] = await emailLog(db, session.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    const job = await queue.getJob(`preview:${session.id}`);
    expect(JSON.stringify(job?.stacktrace)).not.toContain(session.magicCode);
    expect(JSON.stringify(job?.stacktrace)).toContain('[code]');
    expect(logs.lines.filter((line) => line.includes('Content rejected')).join('\n')).toContain('[code]');
  });

  it('sends the final email with the download link, the magic code and the PDF attached when under 10 MB', async () => {
    const session = await createPaidSession(db, { childName: 'Lily' });
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200_000, 7), Buffer.from('\n%%EOF\n')]);
    await files.store(session.order.id, pdf);
    orderIds.push(session.order.id);
    // What checkout does: the last request with the code before payment holds it for this email.
    await emails.holdCodeForFinalEmail(session.id, session.magicCode);
    expect(await emails.enqueueFinal(session.order)).toBe(true);
    expect(await settled(queue, finalJob(session.order.id))).toBe('completed');

    const [mail] = smtp.to(session.email);
    const downloadUrl = `${config.publicUrl}/download/${session.magicCode}`;
    expect(mail.subject).toBe('Lily’s colouring pages are ready');
    expect(mail.html).toContain(`href="${downloadUrl}"`);
    expect(mail.html).toContain(session.magicCode);
    expect(mail.html).toContain('attached the PDF');
    expect(mail.text).toContain(downloadUrl);
    expect(mail.text).toContain(session.magicCode);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ filename: 'Lily-colouring-pages.pdf', contentType: 'application/pdf' });
    expect(mail.attachments[0].content.equals(pdf)).toBe(true);
    expect(await emailLog(db, session.id)).toEqual([expect.objectContaining({ template: 'final', status: 'sent', attempts: 1 })]);
    // Sent: Redis holds the code no longer.
    expect(await app.get<Redis>(REDIS).exists(`final-email-code:${session.id}`)).toBe(0);
  });

  it('sends the final email without the PDF when it is 10 MB or more, and never reads it', async () => {
    const session = await createPaidSession(db, { childName: 'Noah' });
    await files.store(session.order.id, Buffer.alloc(EMAIL_ATTACHMENT_MAX_BYTES, 7));
    orderIds.push(session.order.id);
    // Every look at the storage while this email is sent: its size asked, its bytes read.
    const sized: string[] = [];
    const reads: string[] = [];
    const { size, read, stream } = storage;
    storage.size = (key) => (sized.push(key), size.call(storage, key));
    storage.read = (key) => (reads.push(key), read.call(storage, key));
    storage.stream = (key) => (reads.push(key), stream.call(storage, key));
    try {
      await emails.holdCodeForFinalEmail(session.id, session.magicCode);
      await emails.enqueueFinal(session.order);
      expect(await settled(queue, finalJob(session.order.id))).toBe('completed');
    } finally {
      Object.assign(storage, { size, read, stream });
    }

    const [mail] = smtp.to(session.email);
    expect(mail.attachments).toEqual([]);
    expect(sized).toHaveLength(1);
    expect(reads).toEqual([]);
    expect(mail.text).toContain(`${config.publicUrl}/download/${session.magicCode}`);
    expect(mail.text).toContain('too large to attach');
  });

  it('queues the same email only once per session, even when asked twice at the same moment', async () => {
    const session = await createSession(db);
    const answers = await Promise.all([
      emails.enqueuePreview(session.id, session.magicCode),
      emails.enqueuePreview(session.id, session.magicCode),
    ]);
    expect(answers.sort()).toEqual([false, true]);
    expect(await settled(queue, `preview:${session.id}`)).toBe('completed');
    expect(await emails.enqueuePreview(session.id, session.magicCode)).toBe(false);
    // Even once the queue has forgotten the job (its retention ends), email_log remembers.
    await (await queue.getJob(`preview:${session.id}`))?.remove();
    expect(await emails.enqueuePreview(session.id, session.magicCode)).toBe(false);

    expect(await emailLog(db, session.id)).toHaveLength(1);
    expect(smtp.to(session.email)).toHaveLength(1);
  });

  it('sends the final email again on request (the admin’s resend), to the address the session has now, with the PDF but no code', async () => {
    const session = await createPaidSession(db);
    const pdf = Buffer.from('%PDF-1.7 resent\n%%EOF\n');
    await files.store(session.order.id, pdf);
    orderIds.push(session.order.id);
    await emails.holdCodeForFinalEmail(session.id, session.magicCode);
    await emails.enqueueFinal(session.order);
    await settled(queue, finalJob(session.order.id));
    const corrected = `corrected-${session.email}`;
    await db.query(`UPDATE sessions SET email = $2 WHERE id = $1`, [session.id, corrected]);
    await emails.resendFinal(session.order);
    const resend = (await queue.getJobs(['waiting', 'active', 'delayed', 'completed'])).find((job) =>
      String(job.id).startsWith(`${finalJob(session.order.id)}:resend:`),
    );
    expect(await settled(queue, String(resend?.id))).toBe('completed');
    expect(smtp.to(corrected)).toHaveLength(1);
    // The code went with the first email and is kept nowhere: the resend carries the PDF and the way to ask for help.
    const [resent] = smtp.to(corrected);
    expect(resent.text).not.toContain(session.magicCode);
    expect(resent.text).not.toContain('/download/');
    expect(resent.text).toContain('We have attached the PDF');
    expect(resent.attachments).toHaveLength(1);
    const rows = await emailLog(db, session.id);
    expect(rows.map((r) => [r.to_address, r.status]).sort()).toEqual([
      [corrected, 'sent'],
      [session.email, 'sent'],
    ]);
  });

  it('acknowledges a contact message with thanks, the 24-hour promise and an escaped copy of the message', async () => {
    const email = `contact-${marker}@example.com`;
    const message = `Hello <b>there</b> & thanks!\nSecond line`;
    const [{ id }] = await db.query(`INSERT INTO contact_messages (email, category, message) VALUES ($1, 'Feedback', $2) RETURNING id`, [
      email,
      message,
    ]);
    expect(await emails.enqueueContactAck(id)).toBe(true);
    expect(await emails.enqueueContactAck(id)).toBe(false);
    expect(await settled(queue, `contact-ack:${id}`)).toBe('completed');

    const [mail] = smtp.to(email);
    expect(mail.html).toContain('Thanks for your message!');
    expect(mail.html).toContain('within 24 hours');
    expect(mail.html).toContain('Hello &lt;b&gt;there&lt;/b&gt; &amp; thanks!<br>Second line');
    expect(mail.html).not.toContain('<b>there</b>');
    expect(mail.text).toContain('> Hello <b>there</b> & thanks!\n> Second line');
    const rows = await db.query(`SELECT status, attempts, session_id FROM email_log WHERE to_address = $1`, [email]);
    expect(rows).toEqual([{ status: 'sent', attempts: 1, session_id: null }]);
  });

  it('marks an email for a deleted session failed at once, without using up the retries', async () => {
    const session = await createSession(db);
    await queue.pause(true);
    await emails.enqueuePreview(session.id, session.magicCode);
    await db.query(`DELETE FROM sessions WHERE id = $1`, [session.id]);
    await queue.resume(true);
    expect(await settled(queue, `preview:${session.id}`)).toBe('failed');
    const [row] = await db.query(`SELECT status, attempts, last_error FROM email_log WHERE to_address = $1`, [session.email]);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.last_error).toContain('no longer exists');
  });

  it('sends and records a final email that the print job queued with no code held (no checkout request carried it)', async () => {
    const session = await createPaidSession(db);
    await files.store(session.order.id, Buffer.from('%PDF-1.7 printed\n%%EOF\n'));
    orderIds.push(session.order.id);
    // What the print job does once the PDF is stored: the order's final email, by order.
    expect(await emails.enqueueFinal(session.order)).toBe(true);
    expect(await settled(queue, finalJob(session.order.id))).toBe('completed');
    expect(smtp.to(session.email)).toHaveLength(1);
    expect(smtp.to(session.email)[0].text).not.toContain('/download/');
    expect(smtp.to(session.email)[0].attachments).toHaveLength(1);
    expect(await emailLog(db, session.id)).toEqual([expect.objectContaining({ template: 'final', status: 'sent', attempts: 1 })]);
    expect(await emails.enqueueFinal(session.order)).toBe(false);
  });

  it('hides the development mailbox when SMTP_URL is set', async () => {
    await request(app.getHttpServer()).get('/api/dev/mailbox').expect(404);
  });

  it('never writes a magic code into email_log or a log line', async () => {
    const rows = await db.query(`SELECT * FROM email_log WHERE to_address LIKE $1`, [`%${marker}%`]);
    expect(rows.length).toBeGreaterThan(5);
    const everything = JSON.stringify(rows) + logs.lines.join('\n');
    for (const code of magicCodes) expect(everything).not.toContain(code);
    expect(everything).not.toMatch(/[0-9a-f]{64}/i);
  });
});

describe('the development mailbox (no SMTP_URL)', () => {
  const logs = new CapturedLogs();
  let app: NestExpressApplication;
  let config: AppConfig;
  let queue: Queue;
  let emails: EmailService;
  let db: DataSource;

  beforeAll(async () => {
    ({ app, config, queue, emails } = await startEmailApp({ SMTP_URL: '' }, logs));
    db = createDataSource(config);
    await db.initialize();
  });

  afterAll(async () => {
    await db.query(`DELETE FROM email_log WHERE to_address LIKE $1`, [`%${marker}%`]);
    await db.query(`DELETE FROM sessions WHERE email LIKE $1`, [`%${marker}%`]);
    await db.destroy();
    await app.close();
  });

  it('saves each email as an .eml file and lists it at /api/dev/mailbox, newest first, with its HTML by id', async () => {
    const session = await createSession(db, { childName: 'Zoë' });
    await emails.enqueuePreview(session.id, session.magicCode);
    expect(await settled(queue, `preview:${session.id}`)).toBe('completed');

    const http = request(app.getHttpServer());
    const list = await http.get('/api/dev/mailbox').expect(200);
    const mailbox = app.get<DevMailbox>(MAILER);
    expect(list.body.directory).toBe(mailbox.directory);
    const entry = list.body.messages.find((m: { to: string }) => m.to === session.email);
    expect(entry).toEqual({
      id: expect.stringMatching(/^\d{8}T\d{9}Z-[0-9a-f]{8}$/),
      to: session.email,
      subject: 'Zoë’s cartoon preview is ready',
      date: expect.any(String),
    });
    expect(list.body.messages[0].id >= entry.id).toBe(true);

    const message = await http.get(`/api/dev/mailbox/${entry.id}`).expect(200);
    expect(message.body).toMatchObject({ id: entry.id, to: session.email, subject: entry.subject, attachments: [] });
    expect(message.body.html).toContain('Zoë’s cartoon preview is ready!');
    expect(message.body.text).toContain(`/continue/${session.magicCode}`);

    const eml = join(mailbox.directory, `${entry.id}.eml`);
    expect(existsSync(eml)).toBe(true);
    const parsed = parseEmail(readFileSync(eml));
    expect(parsed.subject).toBe('Zoë’s cartoon preview is ready');
    expect(parsed.to).toBe(session.email);
    expect(parsed.html).toBe(message.body.html);
    expect(parsed.text).toBe(message.body.text);
    expect(await emailLog(db, session.id)).toEqual([expect.objectContaining({ status: 'sent', attempts: 1 })]);
  });

  it('answers 404 for an unknown or malformed message id', async () => {
    const http = request(app.getHttpServer());
    await http.get('/api/dev/mailbox/20240101T000000000Z-00000000').expect(404);
    await http.get('/api/dev/mailbox/..%2F..%2Fetc%2Fpasswd').expect(404);
  });

  it('is not there in production', async () => {
    const production = new DevMailboxController({ ...config, isProduction: true }, app.get(MAILER));
    await expect(production.list()).rejects.toBeInstanceOf(NotFoundException);
  });
});

describe('email templates', () => {
  it('escapes every interpolated value in the HTML part', () => {
    const email = previewEmail({
      childName: '<img src=x onerror=alert(1)>',
      continueUrl: 'https://shop.test/continue/abc"><script>',
      previewUrl: 'javascript:alert(1)',
      publicUrl: 'https://shop.test',
    });
    expect(email.html).not.toContain('<img src=x');
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(email.html).not.toContain('href="javascript:');
  });
});

describe('the stored PDFs over the file storage', () => {
  it('finds an order’s PDF with its size, and answers null when none is stored', async () => {
    const root = mkdtempSync(join(tmpdir(), 'email-pdfs-'));
    try {
      const files = new PdfFiles(new LocalFileStorage(root));
      const orderId = '11111111-2222-4333-8444-555555555555';
      const pdf = Buffer.from('%PDF-1.7 a tiny book');
      await files.store(orderId, pdf);
      const found = await files.find(orderId);
      expect(found?.size).toBe(pdf.length);
      expect((await found?.read())?.equals(pdf)).toBe(true);
      const chunks: Buffer[] = [];
      for await (const chunk of await found!.stream()) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(pdf)).toBe(true);
      expect(await files.find('99999999-2222-4333-8444-555555555555')).toBeNull();
      await files.remove(orderId);
      await files.remove(orderId);
      expect(await files.find(orderId)).toBeNull();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
