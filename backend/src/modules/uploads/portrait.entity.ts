import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { Portrait } from '../../artwork/portrait/index.js';

/** The child's derived line art (all four levels): never the photo. */
@Entity('portraits')
export class PortraitEntity {
  @PrimaryColumn({ name: 'session_id', type: 'uuid' }) sessionId: string;
  @Column({ type: 'jsonb' }) art: Portrait;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
