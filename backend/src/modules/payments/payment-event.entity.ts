import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** Every webhook event taken in, once: a duplicate or a replay finds its id here and changes nothing. */
@Entity('payment_events')
export class PaymentEventEntity {
  @PrimaryColumn({ name: 'event_id', type: 'text' }) eventId: string;
  @Column({ type: 'text' }) type: string;
  @Column({ name: 'session_id', type: 'uuid', nullable: true }) sessionId: string | null;
  @Column({ name: 'order_id', type: 'uuid', nullable: true }) orderId: string | null;
  @CreateDateColumn({ name: 'received_at', type: 'timestamptz' }) receivedAt: Date;
}
