import { OnQueueFailed, Process, Processor } from '@nestjs/bull';
import { Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Job } from 'bull';
import type { DataSource } from 'typeorm';
import { PortraitRefusal } from '../../artwork/portrait/index.js';
import { PortraitJob, QueueName, type PortraitJobData } from '../jobs/queues.js';
import { SessionRecordsService } from '../sessions/session-records.service.js';
import { PhotoStagingEntity } from './photo-staging.entity.js';
import { PortraitEngineProvider } from './portrait-engine.provider.js';

export type PortraitJobResult = { status: 'ready' } | { status: 'refused'; code: PortraitRefusal['code'] } | { status: 'gone' };

/**
 * Staged photo → four-level line art. The art is saved and the photo deleted in one transaction, so the photo
 * outlives its job by no more than the commit; a refusal or the last failed attempt deletes it too.
 */
@Processor(QueueName.Portrait)
export class PortraitProcessor {
  private readonly logger = new Logger(PortraitProcessor.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly engines: PortraitEngineProvider,
    private readonly sessions: SessionRecordsService,
  ) {}

  @Process(PortraitJob.Render)
  async render(job: Job<PortraitJobData>): Promise<PortraitJobResult> {
    const { sessionId, stagingId } = job.data;
    const staged = await this.db.getRepository(PhotoStagingEntity).findOneBy({ id: stagingId });
    if (!staged) return { status: 'gone' };
    await job.progress(10);
    const engine = await this.engines.get();
    await job.progress(30);
    try {
      const art = await engine.render(staged.bytes);
      await this.db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO portraits (session_id, art) VALUES ($1, $2) ON CONFLICT (session_id) DO UPDATE SET art = excluded.art, created_at = now()`,
          [sessionId, JSON.stringify(art)],
        );
        await tx.query(`DELETE FROM photo_staging WHERE id = $1`, [stagingId]);
        await this.sessions.markPortraitReady(tx, sessionId);
      });
      await job.progress(100);
      return { status: 'ready' };
    } catch (error) {
      if (!(error instanceof PortraitRefusal)) throw error;
      await this.discardPhoto(sessionId, stagingId, error.code);
      return { status: 'refused', code: error.code };
    }
  }

  @OnQueueFailed()
  async onFailed(job: Job<PortraitJobData>, error: Error): Promise<void> {
    const attempts = job.opts.attempts ?? 1;
    this.logger.error({ jobId: job.id, attempt: job.attemptsMade, attempts, err: error.message }, 'portrait job failed');
    if (job.attemptsMade >= attempts) await this.discardPhoto(job.data.sessionId, job.data.stagingId, 'failed');
  }

  private async discardPhoto(sessionId: string, stagingId: string, reason: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(`DELETE FROM photo_staging WHERE id = $1`, [stagingId]);
      await this.sessions.markPortraitFailed(tx, sessionId, reason);
    });
  }
}
