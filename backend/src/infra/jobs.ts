import { BullModule, getQueueToken } from '@nestjs/bull';
import { Global, Inject, Injectable, Module } from '@nestjs/common';
import type { Job, JobCounts, JobOptions, Queue } from 'bull';
import type { ProductType } from '@colouring/domain';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';

/**
 * The one port to Bull (as Immich's job repository): the queues, every job name with its data and its id, how jobs are
 * added and read back (`Jobs`), and how a provider method declares itself a job's handler (`@OnJob`, `@OnJobFailed`).
 * `JobsWorker` (jobs-worker.ts, worker role only) finds those handlers and runs them. Nothing else touches a Bull queue.
 */
export enum QueueName {
  Portrait = 'portrait',
  Pdf = 'pdf',
  Email = 'email',
  Maintenance = 'maintenance',
}

export enum JobName {
  RenderPortrait = 'render-portrait',
  RenderPhotoArt = 'render-photo-art',
  PrintOrder = 'print-order',
  SendPreviewEmail = 'send-preview-email',
  SendFinalEmail = 'send-final-email',
  SendContactAck = 'send-contact-ack',
  SendShareVoucherEmail = 'send-share-voucher-email',
  PurgeStagedPhotos = 'purge-staged-photos',
  ExpireSessions = 'expire-sessions',
}

export interface JobDataOf {
  [JobName.RenderPortrait]: { sessionId: string; stagingId: string };
  /** A single-photo order's photo (`order_photos` row) and its staged bytes. */
  [JobName.RenderPhotoArt]: { photoId: string; stagingId: string };
  /** `requeues`: how many times the PDF sweep has queued this order again (none for the webhook's own job). */
  [JobName.PrintOrder]: { orderId: string; requeues?: number };
  /** The only job that carries a magic code (the database keeps its hash): forgotten once the job is done, see FORGET_WHEN_DONE. */
  [JobName.SendPreviewEmail]: { sessionId: string; magicCode: string; emailLogId: string };
  /** `resend`: set for a resend the parent asked for, so it is a job of its own beside the order's first final email. */
  /** `product` names the book in the email and its attachment (absent in jobs queued before it existed: custom pages). */
  [JobName.SendFinalEmail]: { orderId: string; emailLogId: string; product?: ProductType; resend?: string };
  [JobName.SendContactAck]: { contactMessageId: string; emailLogId: string };
  /** The share voucher's email (SPEC §7 send-share-voucher-email), once per voucher. */
  [JobName.SendShareVoucherEmail]: { voucherCode: string; emailLogId: string };
  /** `slot`: the schedule's time slot, so each slot's run is one job however many workers schedule it. */
  [JobName.PurgeStagedPhotos]: { slot: number };
  [JobName.ExpireSessions]: { slot: number };
}

export const JOB_QUEUE: Record<JobName, QueueName> = {
  [JobName.RenderPortrait]: QueueName.Portrait,
  [JobName.RenderPhotoArt]: QueueName.Portrait,
  [JobName.PrintOrder]: QueueName.Pdf,
  [JobName.SendPreviewEmail]: QueueName.Email,
  [JobName.SendFinalEmail]: QueueName.Email,
  [JobName.SendContactAck]: QueueName.Email,
  [JobName.SendShareVoucherEmail]: QueueName.Email,
  [JobName.PurgeStagedPhotos]: QueueName.Maintenance,
  [JobName.ExpireSessions]: QueueName.Maintenance,
};

/** The fields of each job's data that make its id: one job per session / order / message / slot. */
const KEY_FIELDS = {
  [JobName.RenderPortrait]: ['sessionId'],
  [JobName.RenderPhotoArt]: ['photoId'],
  [JobName.PrintOrder]: ['orderId'],
  [JobName.SendPreviewEmail]: ['sessionId'],
  [JobName.SendFinalEmail]: ['orderId', 'resend'],
  [JobName.SendContactAck]: ['contactMessageId'],
  [JobName.SendShareVoucherEmail]: ['voucherCode'],
  [JobName.PurgeStagedPhotos]: ['slot'],
  [JobName.ExpireSessions]: ['slot'],
} as const satisfies { [N in JobName]: readonly (keyof JobDataOf[N])[] };

/** The fields of a job's data that make its id (one job per session / order / message / slot). */
export type JobKeyOf = { [N in JobName]: Pick<JobDataOf[N], Extract<(typeof KEY_FIELDS)[N][number], keyof JobDataOf[N]>> };

const ID_OF: { [N in JobName]: (key: JobKeyOf[N]) => string } = {
  [JobName.RenderPortrait]: ({ sessionId }) => `portrait:${sessionId}`,
  [JobName.RenderPhotoArt]: ({ photoId }) => `photo-art:${photoId}`,
  [JobName.PrintOrder]: ({ orderId }) => `pdf:${orderId}`,
  [JobName.SendPreviewEmail]: ({ sessionId }) => `preview:${sessionId}`,
  [JobName.SendFinalEmail]: ({ orderId, resend }) => (resend === undefined ? `final:${orderId}` : `final:${orderId}:resend:${resend}`),
  [JobName.SendContactAck]: ({ contactMessageId }) => `contact-ack:${contactMessageId}`,
  [JobName.SendShareVoucherEmail]: ({ voucherCode }) => `share-voucher:${voucherCode}`,
  [JobName.PurgeStagedPhotos]: ({ slot }) => `${JobName.PurgeStagedPhotos}:${slot}`,
  [JobName.ExpireSessions]: ({ slot }) => `${JobName.ExpireSessions}:${slot}`,
};

/** The one place job ids are built. Bull keeps one job per id in a queue, so the id is what makes a job happen once. */
export function jobId<N extends JobName>(name: N, key: JobKeyOf[N]): string {
  const idOf: (key: JobKeyOf[N]) => string = ID_OF[name];
  return idOf(key);
}

function keyOf<N extends JobName>(name: N, data: JobDataOf[N]): JobKeyOf[N] {
  const fields: readonly string[] = KEY_FIELDS[name];
  return Object.fromEntries(fields.map((field) => [field, (data as Record<string, unknown>)[field]])) as JobKeyOf[N];
}

/**
 * Data fields Redis must not keep once the job is done (sent, or failed for good): the worker removes them from the
 * stored job, which the queue otherwise keeps a day (done) or a week (failed).
 */
const FORGET_WHEN_DONE: { readonly [N in JobName]?: readonly (keyof JobDataOf[N])[] } = {
  [JobName.SendPreviewEmail]: ['magicCode'],
};

/** `data` without the fields FORGET_WHEN_DONE names for its job. */
export function withoutForgotten(name: JobName, data: object): Record<string, unknown> {
  const forget: readonly PropertyKey[] = FORGET_WHEN_DONE[name] ?? [];
  return Object.fromEntries(Object.entries(data).filter(([field]) => !forget.includes(field)));
}

const DAY_SECONDS = 24 * 60 * 60;
/** Failures stay a week for the admin to read, successes a day (at most the newest 1000 of them). */
const KEEP_FAILED_WEEK_DONE_DAY = {
  removeOnComplete: { age: DAY_SECONDS, count: 1000 },
  removeOnFail: { age: 7 * DAY_SECONDS },
} as const;

/** Attempts, backoff, timeout and retention per queue: every job of a queue gets these. */
const QUEUE_JOB_OPTIONS: Record<QueueName, JobOptions> = {
  [QueueName.Portrait]: { attempts: 3, backoff: { type: 'exponential', delay: 2000 }, timeout: 120_000, ...KEEP_FAILED_WEEK_DONE_DAY },
  [QueueName.Pdf]: { attempts: 3, backoff: { type: 'exponential', delay: 5000 }, timeout: 600_000, ...KEEP_FAILED_WEEK_DONE_DAY },
  [QueueName.Email]: { attempts: 5, backoff: { type: 'exponential', delay: 10_000 }, timeout: 60_000, ...KEEP_FAILED_WEEK_DONE_DAY },
  [QueueName.Maintenance]: { attempts: 2, backoff: { type: 'fixed', delay: 30_000 }, timeout: 300_000, ...KEEP_FAILED_WEEK_DONE_DAY },
};

export interface JobsSettings {
  /** Bull's key prefix in Redis. */
  prefix: string;
  queues: Record<QueueName, JobOptions>;
}

/** The settings the queues are made with; a test overrides this provider for a prefix of its own and test-sized retries. */
export const JOBS_SETTINGS = Symbol('JOBS_SETTINGS');
export const PRODUCTION_JOBS_SETTINGS: JobsSettings = { prefix: 'colouring', queues: QUEUE_JOB_OPTIONS };

/** Every queue by name, for Jobs and JobsWorker only. */
export const QUEUES = Symbol('QUEUES');
export type Queues = Record<QueueName, Queue>;

export type JobState = 'waiting' | 'active' | 'delayed' | 'paused' | 'completed' | 'failed' | 'missing';

/** How often `result` looks at the job besides listening for Bull's completed and failed events. */
const RESULT_POLL_MS = 250;

@Injectable()
export class Jobs {
  constructor(@Inject(QUEUES) private readonly queues: Queues) {}

  /** Adds the job under its id; answers false (and adds nothing) when a job with that id already exists in the queue. */
  async add<N extends JobName>(name: N, data: JobDataOf[N]): Promise<boolean> {
    const queue = this.queueOf(name);
    const id = jobId(name, keyOf(name, data));
    if (await queue.getJob(id)) return false;
    // Bull's add with an id it already holds keeps the stored job and hands back a job object with our data, so only
    // the stored job tells whose add won a race: ours if it has our timestamp and our data (less what the worker may
    // already have forgotten). Two adds of identical data in the same millisecond both answer true: they are one job.
    const added = await queue.add(name, data, { jobId: id });
    const stored = await queue.getJob(id);
    if (!stored) return true; // done and removed already, which only our job could have been
    return (
      stored.timestamp === added.timestamp &&
      JSON.stringify(withoutForgotten(name, stored.data as object)) === JSON.stringify(withoutForgotten(name, added.data as object))
    );
  }

  /**
   * Where the job is. Bull reads a job's state list by list, so a job moving on during the read shows in none
   * ("stuck"); it is read again. A job that stays in no list will never run: `missing`, like one that is gone (remove it
   * before adding it again).
   */
  async state<N extends JobName>(name: N, key: JobKeyOf[N]): Promise<JobState> {
    return readState(this.queueOf(name), jobId(name, key));
  }

  /** The job's data, or null when there is no job; fields FORGET_WHEN_DONE names are gone once it is done. */
  async data<N extends JobName>(name: N, key: JobKeyOf[N]): Promise<JobDataOf[N] | null> {
    const job = (await this.queueOf(name).getJob(jobId(name, key))) as Job<JobDataOf[N]> | null;
    return job ? job.data : null;
  }

  /** What the handler last reported through `context.progress` (0 before it reports), or null when there is no job. */
  async progress<N extends JobName>(name: N, key: JobKeyOf[N]): Promise<unknown> {
    const job = await this.queueOf(name).getJob(jobId(name, key));
    return job ? (job.progress() as unknown) : null;
  }

  /** Waits for the job's result up to ms; undefined on timeout, failure or no job. */
  async result<N extends JobName>(name: N, key: JobKeyOf[N], ms: number): Promise<unknown> {
    const queue = this.queueOf(name);
    const id = jobId(name, key);
    return new Promise<unknown>((resolve) => {
      let settled = false;
      let poll: ReturnType<typeof setTimeout> | undefined;
      const finish = (value: unknown): void => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        clearTimeout(poll);
        queue.removeListener('global:completed', onCompleted);
        queue.removeListener('global:failed', onFailed);
        resolve(value);
      };
      const look = async (): Promise<void> => {
        clearTimeout(poll);
        const state = await readState(queue, id);
        if (settled) return;
        if (state === 'missing' || state === 'failed') return finish(undefined);
        if (state === 'completed') return finish((await queue.getJob(id))?.returnvalue);
        poll = setTimeout(() => void look().catch(() => finish(undefined)), RESULT_POLL_MS);
      };
      const onCompleted = (doneId: string, value: string): void => {
        if (String(doneId) === id) finish(parseReturnValue(value));
      };
      // A failed event is the job's end, but read the state to be sure a retry is not still to come.
      const onFailed = (failedId: string): void => {
        if (String(failedId) === id) void look().catch(() => finish(undefined));
      };
      const deadline = setTimeout(() => finish(undefined), ms);
      queue.on('global:completed', onCompleted);
      queue.on('global:failed', onFailed);
      void look().catch(() => finish(undefined));
    });
  }

  /** Removes the job if there is one. A job a worker holds (active) cannot be removed: Bull throws. */
  async remove<N extends JobName>(name: N, key: JobKeyOf[N]): Promise<void> {
    await (await this.queueOf(name).getJob(jobId(name, key)))?.remove();
  }

  /** Per queue, how many jobs wait, run and have failed (kept a week): for the health check. */
  async counts(): Promise<Record<QueueName, Pick<JobCounts, 'waiting' | 'active' | 'failed'>>> {
    const entries = await Promise.all(
      Object.values(QueueName).map(async (name) => {
        const queue = this.queues[name];
        await queue.isReady();
        const { waiting, active, failed } = await queue.getJobCounts();
        return [name, { waiting, active, failed }] as const;
      }),
    );
    return Object.fromEntries(entries) as Record<QueueName, Pick<JobCounts, 'waiting' | 'active' | 'failed'>>;
  }

  private queueOf(name: JobName): Queue {
    return this.queues[JOB_QUEUE[name]];
  }
}

async function readState(queue: Queue, id: string): Promise<JobState> {
  for (let read = 0; read < 3; read++) {
    const job = await queue.getJob(id);
    if (!job) return 'missing';
    const state = await job.getState();
    if (state !== 'stuck') return state;
  }
  return 'missing';
}

function parseReturnValue(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/**
 * What @OnJobFailed receives when Bull failed the job for stalling (its worker died under it too often) rather than
 * after an attempt that threw: the handler never saw that failure.
 */
export class JobStalled extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobStalled';
  }
}

/** What a handler learns about its run besides the job's data. */
export interface JobContext {
  /** 1 for the first run, up to `attempts`. */
  attempt: number;
  attempts: number;
  /** A throw now fails the job for good (and calls its @OnJobFailed method) instead of retrying it. */
  isLastAttempt: boolean;
  /** Reports progress; `Jobs.progress` reads it back, from any process. */
  progress(value: unknown): Promise<void>;
  /** Retrying cannot help: the throw that follows fails the job for good, without its remaining attempts. */
  discard(): void;
}

export type JobHandler<N extends JobName> = (data: JobDataOf[N], context: JobContext) => Promise<unknown>;
export type JobFailedHandler<N extends JobName> = (data: JobDataOf[N], error: Error) => Promise<void>;

export const ON_JOB = 'colouring:on-job';
export const ON_JOB_FAILED = 'colouring:on-job-failed';
export interface OnJobConfig {
  name: JobName;
  concurrency: number;
}

function markOnce(key: string, value: unknown, target: object, method: string | symbol, fn: unknown): void {
  if (typeof fn !== 'function') throw new Error(`@OnJob / @OnJobFailed go on methods, not on ${target.constructor.name}.${String(method)}`);
  if (Reflect.hasOwnMetadata(key, fn))
    throw new Error(`${target.constructor.name}.${String(method)} has two ${key} decorators; one is allowed`);
  Reflect.defineMetadata(key, value, fn);
}

/**
 * Marks a provider method as THE handler of a job name: (data, context) => Promise<result>. Its result is what
 * `Jobs.result` answers; a throw is retried with the queue's backoff until the queue's attempts are used.
 * `concurrency`: how many jobs of this name one worker process runs at once (Bull adds up the names of one queue).
 */
export function OnJob<N extends JobName>(name: N, options: { concurrency?: number } = {}) {
  return <H extends JobHandler<N>>(target: object, method: string | symbol, descriptor: TypedPropertyDescriptor<H>): void =>
    markOnce(ON_JOB, { name, concurrency: options.concurrency ?? 1 } satisfies OnJobConfig, target, method, descriptor.value);
}

/**
 * Marks a method called once a job of this name has failed for good (its last attempt threw, timed out or stalled):
 * (data, error) => Promise<void>. At most one per name.
 */
export function OnJobFailed<N extends JobName>(name: N) {
  return <H extends JobFailedHandler<N>>(target: object, method: string | symbol, descriptor: TypedPropertyDescriptor<H>): void =>
    markOnce(ON_JOB_FAILED, name, target, method, descriptor.value);
}

/** Reads the settings provider wherever Bull's factories need it (one instance: a module is a singleton). */
@Module({ providers: [{ provide: JOBS_SETTINGS, useValue: PRODUCTION_JOBS_SETTINGS }], exports: [JOBS_SETTINGS] })
class JobsSettingsModule {}

const queueModule = BullModule.registerQueueAsync(
  ...Object.values(QueueName).map((name) => ({
    name,
    imports: [JobsSettingsModule],
    inject: [JOBS_SETTINGS],
    useFactory: (settings: JobsSettings) => ({ defaultJobOptions: settings.queues[name] }),
  })),
);

/** The Bull connection and every queue, for producers (web) and the worker alike; `Jobs` is the way to them. */
@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      imports: [JobsSettingsModule],
      inject: [APP_CONFIG, JOBS_SETTINGS],
      useFactory: (config: AppConfig, settings: JobsSettings) => ({ url: config.redisUrl, prefix: settings.prefix }),
    }),
    queueModule,
  ],
  providers: [
    {
      provide: QUEUES,
      inject: Object.values(QueueName).map((name) => getQueueToken(name)),
      useFactory: (...queues: Queue[]): Queues => Object.fromEntries(queues.map((queue) => [queue.name, queue])) as Queues,
    },
    Jobs,
  ],
  exports: [QUEUES, Jobs],
})
export class JobsModule {}
