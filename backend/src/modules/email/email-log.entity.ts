import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** The shop's emails: the preview with the restore link, the final one with the PDF, the contact acknowledgement, the share voucher. */
export type EmailTemplate = 'preview' | 'final' | 'contact-ack' | 'share-voucher';

/** queued: waiting or between retries; sent: accepted by the mail server; failed: every attempt used up. */
export type EmailStatus = 'queued' | 'sent' | 'failed';

/** One email the shop meant to send, with how it went. Never holds a magic code. */
@Entity('email_log')
export class EmailLogEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'to_address', type: 'varchar', length: 254 }) toAddress: string;
  @Column({ type: 'text' }) template: EmailTemplate;
  @Column({ name: 'session_id', type: 'uuid', nullable: true }) sessionId: string | null;
  @Column({ type: 'text' }) status: EmailStatus;
  @Column({ type: 'integer' }) attempts: number;
  @Column({ name: 'last_error', type: 'text', nullable: true }) lastError: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
