import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, Not, type EntityManager, type Repository } from 'typeorm';
import type { LevelId, PhotoAspect } from '@colouring/domain';
import type { PhotoArt } from '../../artwork/photo/index.js';
import { OrderPhotoEntity } from './order-photo.entity.js';
import { UploadsService } from './uploads.service.js';

/** A photo of the order as the flows see it: its place, level and shape, and whether its art is drawn (never the art). */
export interface OrderPhotoRecord {
  id: string;
  position: number;
  level: LevelId;
  aspect: PhotoAspect;
  drawn: boolean;
}

const LISTED = ['id', 'position', 'level', 'aspect', 'stagingId'] as const;

/** The `order_photos` table: the only code that writes it. Changes run in the caller's transaction, under its session lock. */
@Injectable()
export class OrderPhotosService {
  constructor(
    @InjectRepository(OrderPhotoEntity) private readonly photos: Repository<OrderPhotoEntity>,
    private readonly uploads: UploadsService,
  ) {}

  /** The session's photos in book order. A photo still waiting for its art is listed as not drawn. */
  async list(sessionId: string, manager?: EntityManager): Promise<OrderPhotoRecord[]> {
    const repository = manager?.getRepository(OrderPhotoEntity) ?? this.photos;
    const rows = await repository.find({ select: [...LISTED], where: { sessionId }, order: { position: 'ASC' } });
    const drawn = new Set((await repository.find({ select: ['id'], where: { sessionId, art: Not(IsNull()) } })).map((row) => row.id));
    return rows.map((row) => ({
      id: row.id,
      position: row.position,
      level: row.level as LevelId,
      aspect: row.aspect,
      drawn: drawn.has(row.id),
    }));
  }

  /** In the caller's transaction: the photo staged and its row added after the last; answers both ids for the art job. */
  async add(
    manager: EntityManager,
    sessionId: string,
    page: { level: LevelId; aspect: PhotoAspect },
    bytes: Buffer,
  ): Promise<{ photoId: string; stagingId: string }> {
    const stagingId = await this.uploads.stage(manager, sessionId, bytes);
    const last = await manager
      .getRepository(OrderPhotoEntity)
      .findOne({ select: ['position'], where: { sessionId }, order: { position: 'DESC' } });
    const row = await manager
      .getRepository(OrderPhotoEntity)
      .save({ sessionId, position: (last?.position ?? -1) + 1, level: page.level, aspect: page.aspect, stagingId, art: null });
    return { photoId: row.id, stagingId };
  }

  /** In the art job's transaction: the art saved and the photo it came from deleted. False when the photo left the order. */
  async saveArt(manager: EntityManager, photoId: string, art: PhotoArt): Promise<boolean> {
    const row = await manager.getRepository(OrderPhotoEntity).findOne({ select: ['id', 'stagingId'], where: { id: photoId } });
    if (row?.stagingId) await this.uploads.discard(manager, row.stagingId);
    if (!row) return false;
    await manager.update(OrderPhotoEntity, { id: photoId }, { art, stagingId: null });
    return true;
  }

  /** In the caller's transaction: the photo leaves the order, with its staged bytes if it was never drawn. */
  async remove(manager: EntityManager, sessionId: string, photoId: string): Promise<boolean> {
    const row = await manager.getRepository(OrderPhotoEntity).findOne({ select: ['id', 'stagingId'], where: { id: photoId, sessionId } });
    if (!row) return false;
    if (row.stagingId) await this.uploads.discard(manager, row.stagingId);
    await manager.delete(OrderPhotoEntity, { id: photoId });
    return true;
  }

  /** In the caller's transaction: one photo's level, or with no id every photo's ('Apply to all photos'). */
  async setLevel(manager: EntityManager, sessionId: string, level: LevelId, photoId?: string): Promise<boolean> {
    const updated = await manager.update(OrderPhotoEntity, photoId ? { sessionId, id: photoId } : { sessionId }, { level });
    return (updated.affected ?? 0) > 0;
  }

  /** The art of these photos, by id; a photo with no art (not drawn, or erased at expiry) is missing from the map. */
  async artOf(photoIds: readonly string[]): Promise<Map<string, PhotoArt>> {
    if (photoIds.length === 0) return new Map();
    const rows = await this.photos.find({ select: ['id', 'art'], where: { id: In([...photoIds]), art: Not(IsNull()) } });
    return new Map(rows.map((row) => [row.id, row.art!]));
  }

  /** In the caller's transaction: these sessions' photos lose their art (place, level and shape stay); answers how many. */
  async eraseArtFor(manager: EntityManager, sessionIds: string[]): Promise<number> {
    const erased = await manager.update(
      OrderPhotoEntity,
      { sessionId: In(sessionIds), art: Not(IsNull()) },
      { art: null, stagingId: null },
    );
    return erased.affected ?? 0;
  }
}
