import { DataSource, type DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../config/config.js';
import { InitialSchema1732233600000 } from './migrations/1732233600000-initial-schema.js';
import { MagicCodesAsHashes1795392000000 } from './migrations/1795392000000-magic-codes-as-hashes.js';
import { Orders1795900000000 } from './migrations/1795900000000-orders.js';
import { EmailRecipientIndex1795900000001 } from './migrations/1795900000001-email-recipient-index.js';
import { Admin1796000000000 } from './migrations/1796000000000-admin.js';
import { SecurityScans1796100000000 } from './migrations/1796100000000-security-scans.js';
import { ShareVouchers1796300000000 } from './migrations/1796300000000-share-vouchers.js';
import { Analytics1796400000000 } from './migrations/1796400000000-analytics.js';
import { VoucherEmailForgotten1796500000000 } from './migrations/1796500000000-voucher-email-forgotten.js';

/** Migrations in the order they run. Schema changes happen only here: `synchronize` stays off. */
export const MIGRATIONS = [
  InitialSchema1732233600000,
  MagicCodesAsHashes1795392000000,
  Orders1795900000000,
  EmailRecipientIndex1795900000001,
  Admin1796000000000,
  SecurityScans1796100000000,
  ShareVouchers1796300000000,
  Analytics1796400000000,
  VoucherEmailForgotten1796500000000,
];

export function dataSourceOptions(config: Pick<AppConfig, 'databaseUrl'>): DataSourceOptions {
  return {
    type: 'postgres',
    url: config.databaseUrl,
    synchronize: false,
    migrationsRun: false,
    migrations: MIGRATIONS,
    migrationsTransactionMode: 'each',
    extra: { max: 10, connectionTimeoutMillis: 5000, statement_timeout: 30000 },
  };
}

export function createDataSource(config: Pick<AppConfig, 'databaseUrl'>): DataSource {
  return new DataSource(dataSourceOptions(config));
}
