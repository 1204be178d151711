import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type PdfStatus = 'generating' | 'ready' | 'failed';
export type PortraitStatus = 'pending' | 'ready' | 'failed';
export type ProductType = 'custom_scenes' | 'single_photo' | 'dot_to_dot';

export interface SecurityFlags {
  suspicious_activity?: boolean;
  rate_limited?: boolean;
  multiple_ips?: boolean;
}

/** A parent's order from upload to download; the magic code is its key, kept only as its SHA-256. */
@Entity('sessions')
export class SessionEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'magic_code_hash', type: 'bytea' }) magicCodeHash: Buffer;
  @Column({ name: 'child_name' }) childName: string;
  @Column() email: string;
  @Column({ type: 'smallint' }) level: number;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt: Date;
  @Column({ name: 'selected_scenes', type: 'text', array: true }) selectedScenes: string[];
  @Column({ name: 'voucher_code', type: 'text', nullable: true }) voucherCode: string | null;
  @Column({ name: 'product_types', type: 'text', array: true }) productTypes: ProductType[];
  @Column({ name: 'single_photo_data', type: 'jsonb', nullable: true }) singlePhotoData: unknown;
  @Column({ name: 'portrait_status', type: 'text' }) portraitStatus: PortraitStatus;
  @Column({ name: 'portrait_error', type: 'text', nullable: true }) portraitError: string | null;
  @Column({ name: 'pdf_status', type: 'text', nullable: true }) pdfStatus: PdfStatus | null;
  @Column({ name: 'pdf_url', type: 'text', nullable: true }) pdfUrl: string | null;
  @Column({ name: 'pdf_error', type: 'text', nullable: true }) pdfError: string | null;
  @Column({ name: 'payment_provider_session_id', type: 'text', nullable: true }) paymentProviderSessionId: string | null;
  @Column({ name: 'amount_paid_pence', type: 'integer', nullable: true }) amountPaidPence: number | null;
  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true }) paidAt: Date | null;
  @Column({ name: 'pdf_generated_at', type: 'timestamptz', nullable: true }) pdfGeneratedAt: Date | null;
  @Column({ name: 'preview_email_sent_at', type: 'timestamptz', nullable: true }) previewEmailSentAt: Date | null;
  @Column({ name: 'is_expired', type: 'boolean' }) isExpired: boolean;
  @Column({ name: 'access_count', type: 'integer' }) accessCount: number;
  @Column({ name: 'download_count', type: 'integer' }) downloadCount: number;
  @Column({ name: 'security_flags', type: 'jsonb' }) securityFlags: SecurityFlags;
  @Column({ name: 'ip_address', type: 'text', nullable: true }) ipAddress: string | null;
  @Column({ name: 'user_agent', type: 'text', nullable: true }) userAgent: string | null;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
