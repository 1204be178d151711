// What the admin benchmarks share: the API (no pages) on the benchmark's services with an admin account of its own,
// signed in, so each times its own admin route over HTTP.
import { randomBytes } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { loadConfig } from '../src/config/config.js';
import { prepareDatabase } from '../src/database/prepare.js';
import { createWebApp } from '../src/web.js';
import { benchServices } from './bench-services.js';

export interface AdminApi {
  db: DataSource;
  /** The API's address, `http://127.0.0.1:<port>/api`. */
  base: string;
  /** Whether the database was started for this run (else the benchmark removes the rows it adds). */
  own: boolean;
  /** Signs the benchmark's admin in; answers the bearer token. */
  signIn(): Promise<string>;
}

const ADMIN_EMAIL = 'bench-admin@example.com';

/** Starts the API; what stops it is put on `stops`. */
export async function startAdminApi(stops: (() => Promise<void>)[]): Promise<AdminApi> {
  const { databaseUrl, redisUrl, storageDir, own } = await benchServices(stops);
  const password = randomBytes(18).toString('base64url');
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    ROLE: 'web',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    STORAGE_DIR: storageDir,
    ADMIN_EMAIL,
    ADMIN_PASSWORD: password,
  });
  await prepareDatabase(config, { info: () => {}, warn: () => {} });
  const app: NestExpressApplication = await createWebApp(config, { pages: false, devServer: false });
  await app.listen(0, '127.0.0.1');
  stops.unshift(() => app.close());
  const base = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}/api`;
  const signIn = async (): Promise<string> => {
    const answer = await fetch(`${base}/admin/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password }),
    });
    if (!answer.ok) throw new Error(`sign-in answered ${answer.status}`);
    return ((await answer.json()) as { token: string }).token;
  };
  return { db: app.get<DataSource>(getDataSourceToken()), base, own, signIn };
}

/** The value below which `p` percent of the sorted times fall. */
export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
