import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Share-for-voucher (issue 13, docs/decisions/030). The initial schema's unique index on an email's unused share vouchers
 * also counted expired ones, so an expired voucher blocked its email for good; and an index cannot say "unexpired"
 * (now() is not allowed in its predicate). It goes: the issue runs under a transaction-scoped advisory lock on the
 * email, which checks "one active per email" and "one per 24 h" and inserts in one step. This index answers those checks.
 */
export class ShareVouchers1796300000000 implements MigrationInterface {
  name = 'ShareVouchers1796300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      DROP INDEX voucher_codes_one_active_share_per_email;
      CREATE INDEX voucher_codes_share_email_idx ON voucher_codes (lower(email), created_at) WHERE type = 'share_incentive';
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      DROP INDEX voucher_codes_share_email_idx;
      CREATE UNIQUE INDEX voucher_codes_one_active_share_per_email
        ON voucher_codes(lower(email)) WHERE type = 'share_incentive' AND NOT used;
    `);
  }
}
