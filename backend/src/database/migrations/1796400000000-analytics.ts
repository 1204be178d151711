import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * First-party analytics (issue 12 §4, docs/decisions/031): the indexes the admin's funnel and the retention purge read.
 * - visits: page views of a product's start page in a period, by (path, created_at), page views only;
 * - the nightly purge of events past 13 months, oldest first: by created_at;
 * - the sessions started in a period (the funnel's later steps): sessions by created_at.
 */
export class Analytics1796400000000 implements MigrationInterface {
  name = 'Analytics1796400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE INDEX analytics_events_page_view_idx ON analytics_events (path, created_at) WHERE kind = 'page_view';
      CREATE INDEX analytics_events_time_idx ON analytics_events (created_at);
      CREATE INDEX sessions_created_at_idx ON sessions (created_at);
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX sessions_created_at_idx, analytics_events_time_idx, analytics_events_page_view_idx;`);
  }
}
