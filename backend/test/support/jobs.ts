import { Injectable, type Type } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { JobName, OnJob, PRODUCTION_JOBS_SETTINGS, QueueName, type JobsSettings } from '../../src/infra/jobs.js';

/**
 * Queues of a test's own (a Redis prefix no other test uses), with the production settings but for the one queue under
 * test, whose retries come a tenth of a second apart instead of the production backoff (attempts as in production).
 */
export function testJobsSettings(name: string, quickRetries: QueueName): JobsSettings {
  const { queues } = PRODUCTION_JOBS_SETTINGS;
  return {
    prefix: `${name}-test-${randomUUID()}`,
    queues: { ...queues, [quickRetries]: { ...queues[quickRetries], backoff: { type: 'fixed', delay: 100 } } },
  };
}

/**
 * The worker refuses to boot unless every job has its handler. A test that runs only some jobs, on queues of its own,
 * provides this class for the others: its handlers are never reached, and throw if they ever are.
 */
export function unusedJobHandlers(test: string, names: readonly JobName[]): Type {
  @Injectable()
  class UnusedJobHandlers {}
  for (const name of names) {
    const method = `run-${name}`;
    const handler = async (): Promise<never> => {
      throw new Error(`the ${test} test runs no ${name} job`);
    };
    Object.defineProperty(UnusedJobHandlers.prototype, method, { value: handler });
    OnJob(name)(UnusedJobHandlers.prototype, method, { value: handler });
  }
  return UnusedJobHandlers;
}
