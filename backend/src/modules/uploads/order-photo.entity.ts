import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { PhotoAspect } from '@colouring/domain';
import type { PhotoArt } from '../../artwork/photo/index.js';

/**
 * A photo of a single-photo order: where it comes in the book, its level and the page's orientation, and once drawn
 * its line art. Never the photo: that waits in `photo_staging` (by `staging_id`) only until its art is drawn.
 */
@Entity('order_photos')
export class OrderPhotoEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'session_id', type: 'uuid' }) sessionId: string;
  @Column({ type: 'smallint' }) position: number;
  @Column({ type: 'smallint' }) level: number;
  @Column({ type: 'text' }) aspect: PhotoAspect;
  @Column({ type: 'jsonb', nullable: true, select: false }) art: PhotoArt | null;
  @Column({ name: 'staging_id', type: 'uuid', nullable: true }) stagingId: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
