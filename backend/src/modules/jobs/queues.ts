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
  ExpireSessions = 'expire-sessions',
}

/** portrait queue: the staged photo of a session becomes its four-level line art. */
export enum PortraitJob {
  Render = 'render',
}
export interface PortraitJobData {
  sessionId: string;
  stagingId: string;
}

/** pdf queue: jobId = session id, so a session is printed once however often payment is reported. */
export enum PdfJob {
  Render = 'render',
}
export interface PdfJobData {
  sessionId: string;
  /** How many times the PDF sweep has queued this session again (none for the webhook's own job). */
  requeues?: number;
}

/**
 * email queue: each job names what to send; the processor reads the rest from the database. The preview email's job
 * also carries the magic code (the database keeps only its hash) until the job is done.
 */
export enum EmailJob {
  Preview = 'preview',
  Final = 'final',
  ContactAck = 'contact-ack',
}
export type EmailJobData = { sessionId: string; magicCode?: string } | { contactMessageId: string };

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
