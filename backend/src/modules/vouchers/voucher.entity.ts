import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

export type VoucherType = 'share_incentive';

/** A discount code: a percent off one purchase, stored upper-case. */
@Entity('voucher_codes')
export class VoucherEntity {
  @PrimaryColumn() code: string;
  @Column({ type: 'text' }) type: VoucherType;
  /** Percent off the subtotal. */
  @Column({ type: 'integer' }) value: number;
  /** The address the voucher was issued to; null once no rule needs it (`VouchersService.forgetSpentEmails`). */
  @Column({ type: 'varchar', length: 254, nullable: true }) email: string | null;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt: Date;
  @Column({ name: 'is_single_use', type: 'boolean' }) isSingleUse: boolean;
  @Column({ type: 'boolean' }) used: boolean;
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true }) usedAt: Date | null;
  @Column({ name: 'used_by_session', type: 'uuid', nullable: true }) usedBySession: string | null;
  @Column({ name: 'created_from_session', type: 'uuid', nullable: true }) createdFromSession: string | null;
  @Column({ name: 'verification_data', type: 'jsonb' }) verificationData: Record<string, unknown>;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
