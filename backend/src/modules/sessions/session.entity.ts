import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

import type { PortraitStatus, ProductType } from '@colouring/domain';

export type { PortraitStatus, ProductType } from '@colouring/domain';

/** SPEC's marks on a session for the admin (docs/decisions/028): signals, never refusals. */
export interface SecurityFlags {
  /** Used from more than 5 different clients (address and browser). */
  suspicious_activity?: boolean;
  /** Its access count passed the rate-limit alert's threshold (set by the access scan with the alert). */
  rate_limited?: boolean;
  /** Used from an address other than the one that made it. */
  multiple_ips?: boolean;
}

/** A parent's visit from upload to download; the magic code is its key, kept only as its SHA-256. What was bought is an order. */
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
  /** Set in the webhook's transaction when an order of this session is paid: from then on the selection stays as it is. */
  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true }) paidAt: Date | null;
  @Column({ name: 'preview_email_sent_at', type: 'timestamptz', nullable: true }) previewEmailSentAt: Date | null;
  @Column({ name: 'is_expired', type: 'boolean' }) isExpired: boolean;
  /** Restores, downloads and first uses from a new client (docs/decisions/028); not every call with the code. */
  @Column({ name: 'access_count', type: 'integer' }) accessCount: number;
  /** The clients that have used the session: short hashes of address and browser, at most KNOWN_CLIENTS_MAX. */
  @Column({ name: 'known_clients', type: 'text', array: true }) knownClients: string[];
  @Column({ name: 'security_flags', type: 'jsonb' }) securityFlags: SecurityFlags;
  @Column({ name: 'ip_address', type: 'text', nullable: true }) ipAddress: string | null;
  @Column({ name: 'user_agent', type: 'text', nullable: true }) userAgent: string | null;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}

/** What happened to a session, for the security scans: created, invalid_access (no session), and the like. */
@Entity('session_audit_log')
export class SessionAuditEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id: string;
  @Column({ name: 'session_id', type: 'uuid', nullable: true }) sessionId: string | null;
  @Column({ type: 'text' }) action: string;
  @Column({ type: 'jsonb', default: {} }) details: Record<string, unknown>;
  @Column({ name: 'ip_address', type: 'text', nullable: true }) ipAddress: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
