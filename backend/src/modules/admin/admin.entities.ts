import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** The owner's account: one row per admin, the password kept only as an argon2id hash (seeded from ADMIN_EMAIL/ADMIN_PASSWORD). */
@Entity('admin_users')
export class AdminUserEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'varchar', length: 254 }) email: string;
  @Column({ name: 'password_hash', type: 'text' }) passwordHash: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}

/** A signed-in admin: the token's SHA-256 (hex) only, never the token, and when it stops working. */
@Entity('admin_sessions')
export class AdminSessionEntity {
  @PrimaryColumn({ name: 'token_hash', type: 'char', length: 64 }) tokenHash: string;
  @Column({ name: 'admin_user_id', type: 'uuid' }) adminUserId: string;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt: Date;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}

/** Every admin action: who (the account, or the email typed at a refused sign-in), what, when, from where. */
@Entity('admin_audit_log')
export class AdminAuditEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id: string;
  @Column({ name: 'admin_user_id', type: 'uuid', nullable: true }) adminUserId: string | null;
  @Column({ type: 'varchar', length: 254, nullable: true }) email: string | null;
  @Column({ type: 'text' }) action: string;
  @Column({ type: 'jsonb', default: {} }) details: Record<string, unknown>;
  @Column({ name: 'ip_address', type: 'text', nullable: true }) ipAddress: string | null;
  @Column({ name: 'user_agent', type: 'text', nullable: true }) userAgent: string | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
