import { Inject, Injectable, Logger, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { Job } from 'bull';
import {
  JOB_QUEUE,
  JobName,
  JobStalled,
  ON_JOB,
  ON_JOB_FAILED,
  QUEUES,
  withoutForgotten,
  type JobContext,
  type OnJobConfig,
  type Queues,
} from './jobs.js';

type Method = (...args: unknown[]) => Promise<unknown>;
interface Found<T> {
  label: string;
  call: Method;
  config: T;
}

const jobKey = (name: JobName): string => Object.entries(JobName).find(([, value]) => value === name)?.[0] ?? name;

/**
 * Runs the jobs: at boot it finds every @OnJob / @OnJobFailed method on the app's providers, refuses to start unless
 * each job name has exactly one handler and at most one failure handler, then asks Bull to process each name.
 * Failures are logged with the job's name, id and attempt, never its data (a preview email's carries a magic code).
 * Only the worker role loads it (JobsWorkerModule); ROLE=web adds jobs and never runs them.
 */
@Injectable()
export class JobsWorker implements OnApplicationBootstrap {
  private readonly logger = new Logger(JobsWorker.name);
  private readonly failedHandlers = new Map<JobName, Found<JobName>>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    @Inject(QUEUES) private readonly queues: Queues,
  ) {}

  onApplicationBootstrap(): void {
    const handlers = this.find<OnJobConfig>(ON_JOB);
    const failed = this.find<JobName>(ON_JOB_FAILED);
    const problems: string[] = [];
    for (const name of Object.values(JobName)) {
      const mine = handlers.filter((found) => found.config.name === name);
      const onFailed = failed.filter((found) => found.config === name);
      const job = `job "${name}" (JobName.${jobKey(name)})`;
      if (mine.length === 0) problems.push(`${job} has no @OnJob handler`);
      if (mine.length > 1) problems.push(`${job} has ${mine.length} @OnJob handlers: ${mine.map((found) => found.label).join(', ')}`);
      if (onFailed.length > 1) {
        problems.push(`${job} has ${onFailed.length} @OnJobFailed handlers: ${onFailed.map((found) => found.label).join(', ')}`);
      }
      const concurrency = mine[0]?.config.concurrency;
      if (concurrency !== undefined && !(Number.isInteger(concurrency) && concurrency >= 1)) {
        problems.push(`${job} asks for concurrency ${concurrency}; it must be a whole number from 1`);
      }
    }
    if (problems.length > 0) {
      throw new Error(`Jobs: every job name needs exactly one @OnJob handler and at most one @OnJobFailed:\n- ${problems.join('\n- ')}`);
    }

    for (const found of failed) this.failedHandlers.set(found.config, found);
    for (const queueName of new Set(Object.values(JOB_QUEUE))) {
      this.queues[queueName].on('failed', (job: Job | null, error: Error) => void this.failed(job, error));
    }
    for (const { call, config } of handlers) {
      const queue = this.queues[JOB_QUEUE[config.name]];
      // Bull's process() settles only when the queue closes; a failure to start shows as the queue's error.
      queue
        .process(config.name, config.concurrency, (job: Job) => this.run(call, job))
        .catch((error: unknown) => {
          this.logger.error({ job: config.name, err: error }, 'Bull stopped processing a job name');
        });
    }
  }

  /** Every method carrying `key`, on the providers' instances (request-scoped providers have none to look at). */
  private find<T>(key: string): Found<T>[] {
    const found: Found<T>[] = [];
    for (const wrapper of this.discovery.getProviders()) {
      const instance: unknown = wrapper.instance;
      if (!instance || typeof instance !== 'object' || wrapper.isAlias) continue;
      const prototype: object | null = Object.getPrototypeOf(instance);
      for (const methodName of this.scanner.getAllMethodNames(prototype)) {
        const method = (instance as Record<string, unknown>)[methodName];
        if (typeof method !== 'function') continue;
        const config = this.reflector.get<T | undefined>(key, method);
        if (config === undefined) continue;
        const module = wrapper.host ? ` in ${wrapper.host.name}` : '';
        found.push({ label: `${instance.constructor.name}.${methodName}${module}`, call: (method as Method).bind(instance), config });
      }
    }
    return found;
  }

  private async run(call: Method, job: Job): Promise<unknown> {
    const attempts = job.opts.attempts ?? 1;
    const attempt = job.attemptsMade + 1;
    const context: JobContext = {
      attempt,
      attempts,
      isLastAttempt: attempt >= attempts,
      progress: async (value) => {
        await job.progress(value);
      },
      discard: () => job.discard(),
    };
    const result = await call(job.data, context);
    await this.forget(job);
    return result;
  }

  /** Bull emits `failed` after every failed attempt; the failure handler runs once, when no attempt is left. */
  private async failed(job: Job | null, error: Error): Promise<void> {
    if (!job) {
      this.logger.error({ err: error }, 'a job failed and is gone already');
      return;
    }
    const attempts = job.opts.attempts ?? 1;
    const forGood = await failedForGood(job, attempts).catch(() => false);
    const facts = { queue: job.queue.name, job: job.name, jobId: job.id, attempt: job.attemptsMade, attempts, err: error };
    if (!forGood) {
      this.logger.warn(facts, 'job attempt failed; Bull retries it');
      return;
    }
    this.logger.error(facts, 'job failed for good');
    const onFailed = this.failedHandlers.get(job.name as JobName);
    // Attempts left, yet failed for good: Bull's stall check failed it (see failedForGood).
    const reason = job.attemptsMade < attempts ? new JobStalled(error.message) : error;
    try {
      await onFailed?.call(job.data, reason);
    } catch (handlerError) {
      this.logger.error({ job: job.name, jobId: job.id, handler: onFailed?.label, err: handlerError }, 'the job failure handler threw');
    }
    await this.forget(job);
  }

  /** Drops what FORGET_WHEN_DONE names from the stored job; a job removed meanwhile has nothing left to forget. */
  private async forget(job: Job): Promise<void> {
    const kept = withoutForgotten(job.name as JobName, job.data as object);
    if (Object.keys(kept).length === Object.keys(job.data as object).length) return;
    try {
      await job.update(kept);
    } catch (error) {
      if (await job.queue.getJob(String(job.id))) {
        this.logger.error({ job: job.name, jobId: job.id, err: error }, 'a done job kept data it should have forgotten');
      }
    }
  }
}

/**
 * A failed attempt is the last when the attempts are used up. Bull also fails a job that stalled too often (its worker
 * died under it) without using its attempts: then the stored job is failed, with no attempt after this one.
 */
async function failedForGood(job: Job, attempts: number): Promise<boolean> {
  if (job.attemptsMade >= attempts) return true;
  const stored = await job.queue.getJob(String(job.id));
  return stored !== null && stored.attemptsMade === job.attemptsMade && (await stored.isFailed());
}

/** Runs the jobs: imported by the worker role only. */
@Module({ imports: [DiscoveryModule], providers: [JobsWorker] })
export class JobsWorkerModule {}
