import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The per-recipient daily cap on preview and contact emails (RECIPIENT_DAILY_LIMIT, decision 016) counts a recipient's
 * rows of the last day on every send; this index answers that count without reading the whole log.
 */
export class EmailRecipientIndex1795900000001 implements MigrationInterface {
  name = 'EmailRecipientIndex1795900000001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE INDEX email_log_recipient_day_idx ON email_log (lower(to_address), created_at);
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX email_log_recipient_day_idx`);
  }
}
