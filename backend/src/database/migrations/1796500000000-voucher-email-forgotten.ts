import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A voucher's email is forgotten once no rule needs it (docs/decisions/036): the column may hold NULL, and a partial
 * index holds only the vouchers whose email is still kept, so the clean-up every 10 minutes reads those few, not every
 * voucher ever issued.
 */
export class VoucherEmailForgotten1796500000000 implements MigrationInterface {
  name = 'VoucherEmailForgotten1796500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE voucher_codes ALTER COLUMN email DROP NOT NULL;
      CREATE INDEX voucher_codes_email_kept_idx ON voucher_codes (created_at) WHERE email IS NOT NULL;
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    // A forgotten email cannot come back: it goes back as '' (as an expired session's does).
    await db.query(`
      DROP INDEX voucher_codes_email_kept_idx;
      UPDATE voucher_codes SET email = '' WHERE email IS NULL;
      ALTER TABLE voucher_codes ALTER COLUMN email SET NOT NULL;
    `);
  }
}
