import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** Every webhook event taken in, keyed by the provider's event id: a second delivery finds its row and does nothing. */
@Entity('payment_events')
export class PaymentEventEntity {
  @PrimaryColumn({ name: 'event_id' }) eventId: string;
  @Column() type: string;
  @Column({ name: 'session_id', type: 'uuid', nullable: true }) sessionId: string | null;
  @CreateDateColumn({ name: 'received_at', type: 'timestamptz' }) receivedAt: Date;
}
