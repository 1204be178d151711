import type { DataSource } from 'typeorm';
import type { AppConfig } from '../config/config.js';
import { createDataSource } from './data-source.js';
import { seed, type SeedLog } from './seed/seed.js';

// Any fixed 64-bit number shared by every process of this app.
const MIGRATION_LOCK_KEY = 7_204_311_900;

/** Migrates and seeds under a PostgreSQL advisory lock, so two starting processes never race. */
export async function prepareDatabase(config: AppConfig, log: SeedLog): Promise<void> {
  const dataSource = createDataSource(config);
  await dataSource.initialize();
  const lock = dataSource.createQueryRunner();
  try {
    await lock.connect();
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrateAndSeed(dataSource, config, log);
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await lock.release();
    await dataSource.destroy();
  }
}

async function migrateAndSeed(dataSource: DataSource, config: AppConfig, log: SeedLog): Promise<void> {
  const applied = await dataSource.runMigrations({ transaction: 'each' });
  for (const migration of applied) log.info(`migration applied: ${migration.name}`);
  await seed(dataSource, config, log);
}
