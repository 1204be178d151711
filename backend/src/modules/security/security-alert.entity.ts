import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type AlertSeverity = 'info' | 'warning' | 'critical';

/** Something an admin must look at: raised by the order flow and the security scans. */
@Entity('security_alerts')
export class SecurityAlertEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'text' }) kind: string;
  @Column({ type: 'text' }) severity: AlertSeverity;
  @Column({ type: 'text' }) message: string;
  @Column({ type: 'jsonb', default: {} }) details: Record<string, unknown>;
  @Column({ name: 'session_id', type: 'uuid', nullable: true }) sessionId: string | null;
  /** With kind and session, the alert's cause: '' or what else it is about (an address, a payment). One open per cause. */
  @Column({ type: 'text', default: '' }) subject: string;
  @Column({ name: 'resolved_at', type: 'timestamptz', nullable: true }) resolvedAt: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
