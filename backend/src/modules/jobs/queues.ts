import type { JobOptions } from 'bull';

/** Every queue of the shop; each job name below has exactly one processor method. */
export enum QueueName {
  Portrait = 'portrait',
  Pdf = 'pdf',
  Email = 'email',
  Maintenance = 'maintenance',
}

export enum MaintenanceJob {
  PurgeStagedPhotos = 'purge-staged-photos',
}

const DAY_SECONDS = 24 * 60 * 60;

/** Attempts, backoff and retention per queue: failures stay a week for the admin to read, successes a day. */
export const QUEUE_JOB_OPTIONS: Record<QueueName, JobOptions> = {
  [QueueName.Portrait]: { attempts: 3, backoff: { type: 'exponential', delay: 2000 }, timeout: 120_000 },
  [QueueName.Pdf]: { attempts: 3, backoff: { type: 'exponential', delay: 5000 }, timeout: 600_000 },
  [QueueName.Email]: { attempts: 5, backoff: { type: 'exponential', delay: 10_000 }, timeout: 60_000 },
  [QueueName.Maintenance]: { attempts: 2, backoff: { type: 'fixed', delay: 30_000 }, timeout: 300_000 },
};

export const RETENTION = {
  removeOnComplete: { age: DAY_SECONDS, count: 1000 },
  removeOnFail: { age: 7 * DAY_SECONDS },
} as const;
