import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** An uploaded photo waiting for its portrait job: the only place photo bytes ever rest, for seconds. */
@Entity('photo_staging')
export class PhotoStagingEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'session_id', type: 'uuid' }) sessionId: string;
  @Column({ type: 'bytea' }) bytes: Buffer;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
