import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SchedulerRegistry } from '@nestjs/schedule';
import { fileURLToPath } from 'node:url';
import { PinoLogger } from 'nestjs-pino';
import { loadConfig, type AppConfig } from '../../src/config/config.js';
import { prepareDatabase } from '../../src/database/prepare.js';
import { createWebApp } from '../../src/web.js';

const quiet = { info: () => {}, warn: () => {} };

/** Configuration for tests: the real PostgreSQL and Redis that `npm test` started (DATABASE_URL, REDIS_URL). */
export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
    throw new Error('Backend tests need DATABASE_URL and REDIS_URL: run them with `npm test` from the repository root.');
  }
  return loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', ROLE: 'all', ...overrides });
}

/**
 * Stops the worker's wall-clock schedules (the scans every 5 and 10 minutes, the nightly ones) in an app with a worker
 * inside: a test runs a scan when it says so, and a slot falling inside a test would run one beside it, doing its work
 * first or holding its lock. The PDF sweep's interval, set through configuration, keeps running.
 */
async function stopSchedules(app: INestApplication, config: AppConfig): Promise<void> {
  if (config.role !== 'all') return;
  await Promise.all([...app.get(SchedulerRegistry).getCronJobs().values()].map((job) => job.stop()));
}

/** The migrated, seeded database and the whole web app (API only, worker inside), not listening. */
export async function startTestApp(overrides: Record<string, string> = {}): Promise<{ app: NestExpressApplication; config: AppConfig }> {
  const config = testConfig(overrides);
  await prepareDatabase(config, quiet);
  const app = await createWebApp(config, { pages: false, devServer: false });
  // nestjs-pino keeps one pino logger per process, made by the first app; the test files share a process, so each
  // app sets the level it was configured with on that logger (the documented way to change it at run time).
  PinoLogger.root.level = config.logLevel;
  await app.init();
  await stopSchedules(app, config);
  return { app, config };
}

/**
 * The whole shop as a browser meets it, listening on a free loopback port: the pages (compiled from source by Vite, as
 * `npm run dev` serves them, so no build is needed) in front of the API, through the same web layer as production.
 */
export async function startPageApp(
  overrides: Record<string, string> = {},
): Promise<{ app: NestExpressApplication; config: AppConfig; baseUrl: string }> {
  const config = testConfig({ FRONTEND_BUILD_DIR: fileURLToPath(new URL('../../../frontend/build', import.meta.url)), ...overrides });
  await prepareDatabase(config, quiet);
  const app = await createWebApp(config, { pages: true, devServer: true });
  PinoLogger.root.level = config.logLevel;
  await app.listen(0, '127.0.0.1');
  await stopSchedules(app, config);
  const baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
  // The pages reach the API over loopback, as in production; here it listens on a port chosen now.
  process.env.INTERNAL_API_URL = `${baseUrl}/api`;
  return { app, config, baseUrl };
}
