import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The security scans and the Security tab (issue 12, docs/decisions/028):
 * - sessions remember the clients (address and browser, as short hashes) that have used them, so only a new client,
 *   a restore or a download counts as an access; a live-session index for the access scan;
 * - an alert's cause is its kind, its session and its subject (an address, a payment): at most one open alert per
 *   cause, enforced by a partial unique index (older open duplicates are marked resolved first);
 * - indexes for the retention purges (90 days) and the tab's figures.
 */
export class SecurityScans1796100000000 implements MigrationInterface {
  name = 'SecurityScans1796100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE sessions ADD COLUMN known_clients text[] NOT NULL DEFAULT '{}';
      CREATE INDEX sessions_live_access_idx ON sessions (access_count) WHERE NOT is_expired;
      CREATE INDEX sessions_created_idx ON sessions (created_at);
      CREATE INDEX sessions_flagged_idx ON sessions (updated_at DESC) WHERE security_flags <> '{}'::jsonb;

      ALTER TABLE security_alerts ADD COLUMN subject text NOT NULL DEFAULT '';
      UPDATE security_alerts SET resolved_at = now()
      WHERE resolved_at IS NULL AND id NOT IN (
        SELECT DISTINCT ON (kind, session_id, subject) id FROM security_alerts
        WHERE resolved_at IS NULL ORDER BY kind, session_id, subject, created_at, id
      );
      CREATE UNIQUE INDEX security_alerts_one_open_per_cause ON security_alerts
        (kind, COALESCE(session_id, '00000000-0000-0000-0000-000000000000'::uuid), subject) WHERE resolved_at IS NULL;
      CREATE INDEX security_alerts_resolved_idx ON security_alerts (resolved_at) WHERE resolved_at IS NOT NULL;
      CREATE INDEX security_alerts_recent_idx ON security_alerts (created_at DESC);

      CREATE INDEX session_audit_log_created_idx ON session_audit_log (created_at);
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      DROP INDEX session_audit_log_created_idx, security_alerts_recent_idx, security_alerts_resolved_idx,
        security_alerts_one_open_per_cause, sessions_flagged_idx, sessions_created_idx, sessions_live_access_idx;
      ALTER TABLE security_alerts DROP COLUMN subject;
      ALTER TABLE sessions DROP COLUMN known_clients;
    `);
  }
}
