import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type AnalyticsKind = 'page_view' | 'event' | 'purchase' | 'file_download' | 'click';

/**
 * One first-party analytics event (SPEC §1, docs/decisions/031): a page view, a generic event, a click, a purchase or a
 * file download. Never a magic code, an email, a name, an address or a cookie; `session_id` stays empty.
 */
@Entity('analytics_events')
export class AnalyticsEventEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id: string;
  @Column({ type: 'text' }) kind: AnalyticsKind;
  @Column({ type: 'text', nullable: true }) path: string | null;
  @Column({ type: 'text', nullable: true }) category: string | null;
  @Column({ type: 'text', nullable: true }) label: string | null;
  @Column({ type: 'numeric', nullable: true }) value: string | null;
  @Column({ type: 'char', length: 3, nullable: true }) currency: string | null;
  @Column({ name: 'transaction_id', type: 'text', nullable: true }) transactionId: string | null;
  @Column({ type: 'jsonb', default: {} }) data: Record<string, string | number | boolean>;
  /** From the app's clock, so tests can move it. */
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
