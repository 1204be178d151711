import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, type Repository } from 'typeorm';
import { PHOTO_STAGING_MAX_AGE_MS } from '@colouring/domain';
import { Clock } from '../../infra/clock.js';
import { PhotoStagingEntity } from './photo-staging.entity.js';

@Injectable()
export class UploadsService {
  constructor(
    @InjectRepository(PhotoStagingEntity) private readonly staging: Repository<PhotoStagingEntity>,
    private readonly clock: Clock,
  ) {}

  /** Deletes every staged photo older than the staging limit; answers how many went. */
  async purgeStale(): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - PHOTO_STAGING_MAX_AGE_MS);
    const result = await this.staging.delete({ createdAt: LessThan(cutoff) });
    return result.affected ?? 0;
  }
}
