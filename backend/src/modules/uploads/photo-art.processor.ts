import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { drawPhotoArt } from '../../artwork/photo/index.js';
import { JobName, OnJob, OnJobFailed, type JobDataOf } from '../../infra/jobs.js';
import { OrderPhotosService } from './order-photos.service.js';
import { PortraitEngineProvider } from './portrait-engine.provider.js';
import { UploadsService } from './uploads.service.js';

export type PhotoArtJobResult = { status: 'ready' } | { status: 'gone' };

type PhotoArtJob = JobDataOf[JobName.RenderPhotoArt];

/**
 * A single-photo order's staged photo → its line art at four levels. Any photo will do (no face is needed; faces found
 * are drawn with eyes at level 1), so the job
 * only fails when drawing does. The art is saved and the photo deleted in one transaction; the last failed attempt
 * deletes the photo too, and the order photo stays undrawn (the upload that queued the job then takes it out).
 */
@Injectable()
export class PhotoArtProcessor {
  private readonly logger = new Logger(PhotoArtProcessor.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly uploads: UploadsService,
    private readonly photos: OrderPhotosService,
    private readonly engines: PortraitEngineProvider,
  ) {}

  @OnJob(JobName.RenderPhotoArt)
  async render({ photoId, stagingId }: PhotoArtJob): Promise<PhotoArtJobResult> {
    const photo = await this.uploads.staged(stagingId);
    if (!photo) return { status: 'gone' };
    // the portrait engine's face detector gives the faces in the photo their eyes at level 1
    const engine = await this.engines.get();
    const art = await drawPhotoArt(photo, undefined, (work) => engine.faces(work));
    const saved = await this.db.transaction((tx) => this.photos.saveArt(tx, photoId, art));
    return saved ? { status: 'ready' } : { status: 'gone' };
  }

  @OnJobFailed(JobName.RenderPhotoArt)
  async failed({ photoId, stagingId }: PhotoArtJob, error: Error): Promise<void> {
    this.logger.error({ photoId, err: error.message }, 'photo art job failed for good');
    await this.db.transaction((tx) => this.uploads.discard(tx, stagingId));
  }
}
