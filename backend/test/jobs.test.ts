import { randomUUID } from 'node:crypto';
import { inspect } from 'node:util';
import { Injectable, type INestApplication, type LoggerService, type Type } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { ConfigModule } from '../src/config/config.module.js';
import { JobsWorkerModule } from '../src/infra/jobs-worker.js';
import {
  JOBS_SETTINGS,
  JobName,
  Jobs,
  JobsModule,
  OnJob,
  OnJobFailed,
  QUEUES,
  QueueName,
  jobId,
  type JobContext,
  type JobDataOf,
  type JobsSettings,
  type Queues,
} from '../src/infra/jobs.js';
import { testConfig } from './support/test-app.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined | null | false>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(25);
  }
}

/** Test-sized retries (production's backoffs are seconds to minutes), and a Redis prefix of this run's own. */
const TIMEOUT_MS = 400;
function testSettings(): JobsSettings {
  const quick = {
    attempts: 3,
    backoff: { type: 'fixed', delay: 20 },
    timeout: TIMEOUT_MS,
    removeOnComplete: { age: 3600 },
    removeOnFail: { age: 3600 },
  };
  return {
    prefix: `jobs-test-${randomUUID()}`,
    queues: { [QueueName.Portrait]: quick, [QueueName.Pdf]: quick, [QueueName.Email]: quick, [QueueName.Maintenance]: quick },
  };
}

/** Every log line the app writes, rendered in full (nested objects and errors included). */
class RecordingLogger implements LoggerService {
  readonly lines: string[] = [];
  private record = (...args: unknown[]) => void this.lines.push(args.map((arg) => inspect(arg, { depth: 6 })).join(' '));
  log = this.record;
  error = this.record;
  warn = this.record;
  debug = this.record;
  verbose = this.record;
}

interface Attempt {
  attempt: number;
  attempts: number;
  isLastAttempt: boolean;
}

@Injectable()
class PortraitAndPrint {
  @OnJob(JobName.RenderPortrait)
  async render(data: JobDataOf[JobName.RenderPortrait], context: JobContext): Promise<{ rendered: string; from: string; attempt: number }> {
    await context.progress({ percent: 50 });
    return { rendered: data.sessionId, from: data.stagingId, attempt: context.attempt };
  }

  @OnJob(JobName.RenderPhotoArt)
  async drawPhoto(data: JobDataOf[JobName.RenderPhotoArt]): Promise<{ drawn: string }> {
    return { drawn: data.photoId };
  }

  @OnJob(JobName.PrintOrder, { concurrency: 2 })
  async print(data: JobDataOf[JobName.PrintOrder]): Promise<{ printed: string }> {
    return { printed: data.orderId };
  }
}

/** The preview email always fails; the contact acknowledgement always runs past the queue's timeout. */
@Injectable()
class Emails {
  readonly previewAttempts: Attempt[] = [];
  readonly previewFailures: { data: JobDataOf[JobName.SendPreviewEmail]; error: Error }[] = [];
  readonly ackAttempts: Attempt[] = [];
  readonly ackFailures: { data: JobDataOf[JobName.SendContactAck]; error: Error }[] = [];

  @OnJob(JobName.SendPreviewEmail)
  async preview(_data: JobDataOf[JobName.SendPreviewEmail], { attempt, attempts, isLastAttempt }: JobContext): Promise<never> {
    this.previewAttempts.push({ attempt, attempts, isLastAttempt });
    throw new Error('the mail server refused the message');
  }

  @OnJobFailed(JobName.SendPreviewEmail)
  async previewFailed(data: JobDataOf[JobName.SendPreviewEmail], error: Error): Promise<void> {
    this.previewFailures.push({ data, error });
  }

  @OnJob(JobName.SendFinalEmail)
  async final(data: JobDataOf[JobName.SendFinalEmail]): Promise<{ sent: string }> {
    return { sent: data.orderId };
  }

  @OnJob(JobName.SendContactAck)
  async contactAck(_data: JobDataOf[JobName.SendContactAck], { attempt, attempts, isLastAttempt }: JobContext): Promise<void> {
    this.ackAttempts.push({ attempt, attempts, isLastAttempt });
    await sleep(TIMEOUT_MS * 3);
  }

  @OnJobFailed(JobName.SendContactAck)
  async contactAckFailed(data: JobDataOf[JobName.SendContactAck], error: Error): Promise<void> {
    this.ackFailures.push({ data, error });
  }

  @OnJob(JobName.SendShareVoucherEmail)
  async shareVoucher(data: JobDataOf[JobName.SendShareVoucherEmail]): Promise<{ sent: string }> {
    return { sent: data.voucherCode };
  }
}

@Injectable()
class Maintenance {
  @OnJob(JobName.PurgeStagedPhotos)
  async purge({ slot }: JobDataOf[JobName.PurgeStagedPhotos]): Promise<{ slot: number }> {
    return { slot };
  }

  @OnJob(JobName.ExpireSessions)
  async expire({ slot }: JobDataOf[JobName.ExpireSessions]): Promise<{ slot: number }> {
    return { slot };
  }
}

async function startWorker(handlers: Type[], logger: LoggerService | false): Promise<{ app: INestApplication; settings: JobsSettings }> {
  const settings = testSettings();
  const moduleRef = await Test.createTestingModule({
    imports: [ConfigModule.forRoot(testConfig()), JobsModule, JobsWorkerModule],
    providers: handlers,
  })
    .overrideProvider(JOBS_SETTINGS)
    .useValue(settings)
    .compile();
  return { app: moduleRef.createNestApplication({ logger }), settings };
}

describe('job ids', () => {
  it('are built from the job key alone, the same every time', () => {
    const sessionId = randomUUID();
    expect(jobId(JobName.RenderPortrait, { sessionId })).toBe(`portrait:${sessionId}`);
    expect(jobId(JobName.RenderPortrait, { sessionId })).toBe(jobId(JobName.RenderPortrait, { sessionId }));
    expect(jobId(JobName.PrintOrder, { orderId: 'o-1' })).toBe('pdf:o-1');
    expect(jobId(JobName.RenderPhotoArt, { photoId: 'p-1' })).toBe('photo-art:p-1');
    expect(jobId(JobName.SendPreviewEmail, { sessionId })).toBe(`preview:${sessionId}`);
    expect(jobId(JobName.SendFinalEmail, { orderId: 'o-1' })).toBe('final:o-1');
    expect(jobId(JobName.SendFinalEmail, { orderId: 'o-1', resend: 'r-2' })).toBe('final:o-1:resend:r-2');
    expect(jobId(JobName.SendContactAck, { contactMessageId: 'm-3' })).toBe('contact-ack:m-3');
    expect(jobId(JobName.SendShareVoucherEmail, { voucherCode: 'SHARE-ABCDEFGHJKMN' })).toBe('share-voucher:SHARE-ABCDEFGHJKMN');
    expect(jobId(JobName.PurgeStagedPhotos, { slot: 42 })).toBe('purge-staged-photos:42');
    expect(jobId(JobName.ExpireSessions, { slot: 42 })).toBe('expire-sessions:42');
  });
});

describe('jobs through the adapter, on real Redis', () => {
  const logger = new RecordingLogger();
  let app: INestApplication;
  let jobs: Jobs;
  let emails: Emails;

  beforeAll(async () => {
    ({ app } = await startWorker([PortraitAndPrint, Emails, Maintenance], logger));
    await app.init();
    jobs = app.get(Jobs);
    emails = app.get(Emails);
  });

  afterAll(async () => {
    const queues = app.get<Queues>(QUEUES);
    try {
      // The timed-out handlers are still sleeping; let them end before the queues close.
      await sleep(TIMEOUT_MS * 3);
      for (const queue of Object.values(queues)) await queue.obliterate({ force: true });
    } finally {
      await app.close();
    }
  });

  it('runs a job through its @OnJob handler; result, state, data and progress read it back', async () => {
    const sessionId = randomUUID();
    const stagingId = randomUUID();
    expect(await jobs.add(JobName.RenderPortrait, { sessionId, stagingId })).toBe(true);

    expect(await jobs.result(JobName.RenderPortrait, { sessionId }, 10_000)).toEqual({ rendered: sessionId, from: stagingId, attempt: 1 });
    expect(await jobs.state(JobName.RenderPortrait, { sessionId })).toBe('completed');
    expect(await jobs.data(JobName.RenderPortrait, { sessionId })).toEqual({ sessionId, stagingId });
    expect(await jobs.progress(JobName.RenderPortrait, { sessionId })).toEqual({ percent: 50 });
    // Done already: result answers at once from the stored job.
    expect(await jobs.result(JobName.RenderPortrait, { sessionId }, 1000)).toEqual({ rendered: sessionId, from: stagingId, attempt: 1 });

    const nobody = { sessionId: randomUUID() };
    expect(await jobs.state(JobName.RenderPortrait, nobody)).toBe('missing');
    expect(await jobs.data(JobName.RenderPortrait, nobody)).toBeNull();
    expect(await jobs.progress(JobName.RenderPortrait, nobody)).toBeNull();
    expect(await jobs.result(JobName.RenderPortrait, nobody, 1000)).toBeUndefined();
  });

  it('answers false when the key has a job already, keeping the first job; after remove the key takes a new one', async () => {
    const orderId = randomUUID();
    expect(await jobs.add(JobName.PrintOrder, { orderId })).toBe(true);
    expect(await jobs.add(JobName.PrintOrder, { orderId, requeues: 1 })).toBe(false);
    expect(await jobs.result(JobName.PrintOrder, { orderId }, 10_000)).toEqual({ printed: orderId });
    expect(await jobs.add(JobName.PrintOrder, { orderId, requeues: 1 })).toBe(false);
    expect(await jobs.data(JobName.PrintOrder, { orderId })).toEqual({ orderId });

    await jobs.remove(JobName.PrintOrder, { orderId });
    expect(await jobs.state(JobName.PrintOrder, { orderId })).toBe('missing');
    expect(await jobs.add(JobName.PrintOrder, { orderId, requeues: 1 })).toBe(true);
    expect(await jobs.data(JobName.PrintOrder, { orderId })).toEqual({ orderId, requeues: 1 });

    // Two adds at once for one key: one wins, and the stored job is the winner's.
    const raced = randomUUID();
    const answers = await Promise.all([
      jobs.add(JobName.SendFinalEmail, { orderId: raced, emailLogId: 'log-a' }),
      jobs.add(JobName.SendFinalEmail, { orderId: raced, emailLogId: 'log-b' }),
    ]);
    expect(answers.filter(Boolean)).toHaveLength(1);
    const winner = answers[0] ? 'log-a' : 'log-b';
    expect(await jobs.data(JobName.SendFinalEmail, { orderId: raced })).toEqual({ orderId: raced, emailLogId: winner });
    // A resend is a job of its own beside the first.
    expect(await jobs.add(JobName.SendFinalEmail, { orderId: raced, emailLogId: 'log-c', resend: 'r1' })).toBe(true);
  });

  it('calls @OnJobFailed once, after the last attempt of a handler that always throws; the magic code is forgotten and never logged', async () => {
    const sessionId = randomUUID();
    const magicCode = `code-${randomUUID()}`;
    const data = { sessionId, magicCode, emailLogId: randomUUID() };
    expect(await jobs.add(JobName.SendPreviewEmail, data)).toBe(true);

    await waitFor(
      'the preview job to fail for good',
      10_000,
      async () => (await jobs.state(JobName.SendPreviewEmail, { sessionId })) === 'failed',
    );
    await waitFor('the failure handler', 5000, async () => emails.previewFailures.length > 0);
    await waitFor(
      'the magic code to be forgotten',
      5000,
      async () => !('magicCode' in ((await jobs.data(JobName.SendPreviewEmail, { sessionId })) ?? {})),
    );
    await sleep(300);

    expect(emails.previewAttempts).toEqual([
      { attempt: 1, attempts: 3, isLastAttempt: false },
      { attempt: 2, attempts: 3, isLastAttempt: false },
      { attempt: 3, attempts: 3, isLastAttempt: true },
    ]);
    expect(emails.previewFailures).toHaveLength(1);
    expect(emails.previewFailures[0].data).toEqual(data);
    expect(emails.previewFailures[0].error.message).toBe('the mail server refused the message');
    expect(await jobs.data(JobName.SendPreviewEmail, { sessionId })).toEqual({ sessionId, emailLogId: data.emailLogId });
    expect(await jobs.result(JobName.SendPreviewEmail, { sessionId }, 1000)).toBeUndefined();

    const id = jobId(JobName.SendPreviewEmail, { sessionId });
    const about = logger.lines.filter((line) => line.includes(id));
    expect(about.filter((line) => line.includes('job attempt failed; Bull retries it'))).toHaveLength(2);
    expect(about.filter((line) => line.includes('job failed for good'))).toHaveLength(1);
    expect(logger.lines.filter((line) => line.includes(magicCode))).toEqual([]);
  });

  it('calls @OnJobFailed once for a job whose every attempt runs past the queue timeout', async () => {
    const contactMessageId = randomUUID();
    const data = { contactMessageId, emailLogId: randomUUID() };
    expect(await jobs.add(JobName.SendContactAck, data)).toBe(true);

    await waitFor('the acknowledgement to fail for good', 15_000, async () => emails.ackFailures.length > 0);
    await sleep(TIMEOUT_MS * 2);

    expect(emails.ackAttempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
    expect(emails.ackFailures).toHaveLength(1);
    expect(emails.ackFailures[0].data).toEqual(data);
    expect(emails.ackFailures[0].error.message).toMatch(/timed out after 400 milliseconds/);
    expect(await jobs.state(JobName.SendContactAck, { contactMessageId })).toBe('failed');
  });
});

describe('the worker refuses to boot', () => {
  @Injectable()
  class PurgeOnly {
    @OnJob(JobName.PurgeStagedPhotos)
    async purge(): Promise<void> {}
  }

  @Injectable()
  class SecondPortrait {
    @OnJob(JobName.RenderPortrait)
    async render(): Promise<void> {}

    @OnJobFailed(JobName.SendPreviewEmail)
    async previewFailedToo(): Promise<void> {}
  }

  async function bootError(handlers: Type[]): Promise<Error> {
    const { app } = await startWorker(handlers, false);
    try {
      await app.init();
    } catch (error) {
      return error as Error;
    } finally {
      await app.close();
    }
    throw new Error('the worker booted');
  }

  it('when a job name has no handler, naming the job', async () => {
    const error = await bootError([PortraitAndPrint, Emails, PurgeOnly]);
    expect(error.message).toContain('Jobs: every job name needs exactly one @OnJob handler and at most one @OnJobFailed:');
    expect(error.message).toContain('job "expire-sessions" (JobName.ExpireSessions) has no @OnJob handler');
    expect(error.message.split('\n')).toHaveLength(2);
  });

  it('when a job name has two handlers, or two failure handlers, naming both', async () => {
    const error = await bootError([PortraitAndPrint, Emails, Maintenance, SecondPortrait]);
    expect(error.message).toMatch(
      /job "render-portrait" \(JobName.RenderPortrait\) has 2 @OnJob handlers: PortraitAndPrint.render in \w+, SecondPortrait.render in \w+/,
    );
    expect(error.message).toMatch(
      /job "send-preview-email" \(JobName.SendPreviewEmail\) has 2 @OnJobFailed handlers: Emails.previewFailed in \w+, SecondPortrait.previewFailedToo in \w+/,
    );
    expect(error.message.split('\n')).toHaveLength(3);
  });
});
