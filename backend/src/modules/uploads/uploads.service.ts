import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, type EntityManager, type Repository } from 'typeorm';
import { PHOTO_STAGING_MAX_AGE_MS } from '@colouring/domain';
import { Clock } from '../../infra/clock.js';
import { PhotoStagingEntity } from './photo-staging.entity.js';

@Injectable()
export class UploadsService {
  constructor(
    @InjectRepository(PhotoStagingEntity) private readonly staging: Repository<PhotoStagingEntity>,
    private readonly clock: Clock,
  ) {}

  /** In the caller's transaction: stages the cropped photo for the portrait job; answers the staging id the job takes. */
  async stage(manager: EntityManager, sessionId: string, bytes: Buffer): Promise<string> {
    const [staged] = await manager.query(`INSERT INTO photo_staging (session_id, bytes) VALUES ($1, $2) RETURNING id`, [sessionId, bytes]);
    return staged.id as string;
  }

  /** Deletes every staged photo older than the staging limit; answers how many went. */
  async purgeStale(): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - PHOTO_STAGING_MAX_AGE_MS);
    const result = await this.staging.delete({ createdAt: LessThan(cutoff) });
    return result.affected ?? 0;
  }

  /**
   * In the caller's transaction: any photo still staged for these sessions goes, and their single-photo orders lose
   * their art (position, level and aspect stay). Answers how many order photos were cleared.
   */
  async erasePhotosFor(manager: EntityManager, sessionIds: string[]): Promise<number> {
    await manager.query(`DELETE FROM photo_staging WHERE session_id = ANY($1::uuid[])`, [sessionIds]);
    const [, cleared] = (await manager.query(
      `UPDATE order_photos SET art = NULL, staging_id = NULL WHERE session_id = ANY($1::uuid[]) AND (art IS NOT NULL OR staging_id IS NOT NULL)`,
      [sessionIds],
    )) as [unknown, number];
    return cleared;
  }
}
