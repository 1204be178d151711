import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The owner's side (issue 12, docs/decisions/026): the audit log of every admin action, the expiry index of admin
 * sessions, and the indexes the admin's sessions list searches, filters and sorts by at 100,000 sessions:
 * - newest payment first: sessions by (paid_at DESC NULLS LAST, created_at DESC, id);
 * - search by name or email, any part and any case: trigram indexes (pg_trgm) on lower(child_name) and lower(email);
 * - by code: the hash is already unique-indexed (magic_code_hash);
 * - by PDF status: the paid orders by (pdf_status, paid_at DESC).
 */
export class Admin1796000000000 implements MigrationInterface {
  name = 'Admin1796000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE admin_audit_log (
        id bigserial PRIMARY KEY,
        admin_user_id uuid REFERENCES admin_users(id) ON DELETE SET NULL,
        email varchar(254),
        action text NOT NULL,
        details jsonb NOT NULL DEFAULT '{}'::jsonb,
        ip_address text,
        user_agent text,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX admin_audit_log_time_idx ON admin_audit_log (created_at);
      CREATE INDEX admin_sessions_user_idx ON admin_sessions (admin_user_id, expires_at);

      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      CREATE INDEX sessions_admin_order_idx ON sessions (paid_at DESC NULLS LAST, created_at DESC, id);
      CREATE INDEX sessions_child_name_trgm_idx ON sessions USING gin (lower(child_name) gin_trgm_ops);
      CREATE INDEX sessions_email_trgm_idx ON sessions USING gin (lower(email) gin_trgm_ops);
      CREATE INDEX orders_admin_pdf_idx ON orders (pdf_status, paid_at DESC) WHERE paid_at IS NOT NULL;
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      DROP INDEX orders_admin_pdf_idx, sessions_email_trgm_idx, sessions_child_name_trgm_idx, sessions_admin_order_idx,
        admin_sessions_user_idx;
      DROP TABLE admin_audit_log;
    `);
  }
}
