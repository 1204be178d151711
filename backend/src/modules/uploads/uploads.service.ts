import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, LessThan, type EntityManager, type Repository } from 'typeorm';
import { PHOTO_STAGING_MAX_AGE_MS } from '@colouring/domain';
import { Clock } from '../../infra/clock.js';
import { PhotoStagingEntity } from './photo-staging.entity.js';

/** Uploaded photos waiting for their job (`photo_staging`): written only here. */
@Injectable()
export class UploadsService {
  constructor(
    @InjectRepository(PhotoStagingEntity) private readonly staging: Repository<PhotoStagingEntity>,
    private readonly clock: Clock,
  ) {}

  /** In the caller's transaction: stages the cropped photo for the portrait job; answers the staging id the job takes. */
  async stage(manager: EntityManager, sessionId: string, bytes: Buffer): Promise<string> {
    const staged = await manager.getRepository(PhotoStagingEntity).save({ sessionId, bytes });
    return staged.id;
  }

  /** The staged photo's bytes; null when it is gone (consumed, purged or never there). */
  async staged(stagingId: string): Promise<Buffer | null> {
    const staged = await this.staging.findOneBy({ id: stagingId });
    return staged?.bytes ?? null;
  }

  /** The photo is done with (drawn, refused or failed for good): deleted, in the caller's transaction. */
  async discard(manager: EntityManager, stagingId: string): Promise<void> {
    await manager.delete(PhotoStagingEntity, { id: stagingId });
  }

  /** Deletes every staged photo older than the staging limit; answers how many went. */
  async purgeStale(): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - PHOTO_STAGING_MAX_AGE_MS);
    const result = await this.staging.delete({ createdAt: LessThan(cutoff) });
    return result.affected ?? 0;
  }

  /** In the caller's transaction: any photo still staged for these sessions goes. */
  async discardAllOf(manager: EntityManager, sessionIds: string[]): Promise<void> {
    await manager.delete(PhotoStagingEntity, { sessionId: In(sessionIds) });
  }
}
