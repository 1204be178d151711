import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type EntityManager, type Repository } from 'typeorm';
import type { Portrait } from '../../artwork/portrait/index.js';
import { PortraitEntity } from './portrait.entity.js';

/** The child's line art (`portraits`, written only here): drawn by the portrait job, read for previews and the book. */
@Injectable()
export class PortraitsService {
  constructor(@InjectRepository(PortraitEntity) private readonly portraits: Repository<PortraitEntity>) {}

  /** All four levels of the session's portrait; null until the portrait job has drawn them. */
  async artOf(sessionId: string): Promise<Portrait | null> {
    const portrait = await this.portraits.findOneBy({ sessionId });
    return portrait?.art ?? null;
  }

  /** In the portrait job's transaction: the session's line art, replacing any earlier one. */
  async save(manager: EntityManager, sessionId: string, art: Portrait): Promise<void> {
    await manager.getRepository(PortraitEntity).upsert({ sessionId, art, createdAt: new Date() }, ['sessionId']);
  }

  /** In the caller's transaction: deletes these sessions' portraits; answers how many went. */
  async eraseFor(manager: EntityManager, sessionIds: string[]): Promise<number> {
    const deleted = await manager.delete(PortraitEntity, { sessionId: In(sessionIds) });
    return deleted.affected ?? 0;
  }
}
