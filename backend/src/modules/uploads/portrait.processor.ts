import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { PortraitRefusal } from '../../artwork/portrait/index.js';
import { JobName, OnJob, OnJobFailed, type JobContext, type JobDataOf } from '../../infra/jobs.js';
import { SessionsService } from '../sessions/index.js';
import { PortraitEngineProvider } from './portrait-engine.provider.js';
import { PortraitsService } from './portraits.service.js';
import { UploadsService } from './uploads.service.js';

export type PortraitJobResult = { status: 'ready' } | { status: 'refused'; code: PortraitRefusal['code'] } | { status: 'gone' };

type PortraitJob = JobDataOf[JobName.RenderPortrait];

/**
 * Staged photo → four-level line art. The art is saved and the photo deleted in one transaction, so the photo
 * outlives its job by no more than the commit; a refusal or the last failed attempt deletes it too.
 */
@Injectable()
export class PortraitProcessor {
  private readonly logger = new Logger(PortraitProcessor.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly engines: PortraitEngineProvider,
    private readonly uploads: UploadsService,
    private readonly portraits: PortraitsService,
    private readonly sessions: SessionsService,
  ) {}

  @OnJob(JobName.RenderPortrait)
  async render({ sessionId, stagingId }: PortraitJob, job: JobContext): Promise<PortraitJobResult> {
    const photo = await this.uploads.staged(stagingId);
    if (!photo) return { status: 'gone' };
    await job.progress(10);
    const engine = await this.engines.get();
    await job.progress(30);
    try {
      const art = await engine.render(photo);
      await this.db.transaction(async (tx) => {
        await this.portraits.save(tx, sessionId, art);
        await this.uploads.discard(tx, stagingId);
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

  @OnJobFailed(JobName.RenderPortrait)
  async failed({ sessionId, stagingId }: PortraitJob, error: Error): Promise<void> {
    this.logger.error({ sessionId, err: error.message }, 'portrait job failed for good');
    await this.discardPhoto(sessionId, stagingId, 'failed');
  }

  private async discardPhoto(sessionId: string, stagingId: string, reason: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.uploads.discard(tx, stagingId);
      await this.sessions.markPortraitFailed(tx, sessionId, reason);
    });
  }
}
