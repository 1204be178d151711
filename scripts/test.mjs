// `npm test`: every test against real parts. Domain unit tests; backend tests on a fresh PostgreSQL database
// and a private Redis; then the built app served on a free port and driven by Playwright in Chromium.
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { jestFailures } from './lib/jest-report.mjs';
import { ensureNode } from './lib/node-runtime.mjs';
import { ensureInstalledAndBuilt, freePort, log, root, run, startPostgres, startRedis, waitForHttp, which } from './lib/services.mjs';
import { ensureSystemPackages } from './lib/system.mjs';

// `npm test -- backend` (or scripts, domain, e2e) runs only the named suites; extra words after `--` go to that runner.
const SUITES = ['scripts', 'domain', 'backend', 'e2e'];
const wanted = process.argv.slice(2).filter((a) => SUITES.includes(a));
// A `--` typed after `node scripts/test.mjs` (npm removes its own) is not passed on: runners would read what follows as no filter.
const passThrough = process.argv.slice(2).filter((a) => !SUITES.includes(a) && a !== '--');
const selected = (name) => wanted.length === 0 || wanted.includes(name);
const results = [];
/** Jest's failures, printed again at the very end: a CI log is often read from its tail. */
const failures = [];
const stops = [];
let removeScratch = () => {};

async function suite(name, command, args, env) {
  log(`running ${name}…`);
  const code = await run(command, args, { env });
  results.push({ name, passed: code === 0 });
  return code === 0;
}

/** A jest suite whose results also go to `file` as JSON; its failing tests are kept for the end. */
async function jestSuite(name, workspace, file, env) {
  const passed = await suite(name, 'npm', ['test', '-w', workspace, '--', '--json', `--outputFile=${file}`, ...passThrough], env);
  if (!passed) failures.push(...jestFailures(name, file, root));
}

async function main() {
  await ensureNode(root, log);
  ensureSystemPackages('test');
  await ensureInstalledAndBuilt({ build: selected('e2e') });
  mkdirSync(join(root, 'var'), { recursive: true });
  const scratch = mkdtempSync(join(root, 'var', 'test-'));
  chmodSync(scratch, 0o755); // the embedded PostgreSQL runs as its own user when we are root
  removeScratch = () => rmSync(scratch, { recursive: true, force: true });
  const pg = await startPostgres({
    dataDir: join(scratch, 'postgres'),
    port: await freePort(),
    persistent: false,
    database: 'backend_test',
  });
  stops.push(pg.stop);
  const redis = await startRedis({ dir: join(scratch, 'redis'), port: await freePort(), persistent: false });
  stops.push(redis.stop);
  const chromium = process.env.CHROMIUM_PATH ?? which('chromium') ?? which('chromium-browser');
  const base = {
    ...process.env,
    NODE_ENV: 'test',
    REDIS_URL: redis.url,
    CHROMIUM_PATH: chromium ?? '',
    STORAGE_DIR: join(scratch, 'storage'),
  };

  // The start and test tooling itself (system packages, Node, PostgreSQL placement).
  if (selected('scripts')) await suite('scripts tests', process.execPath, ['--test', 'scripts/test/*.test.mjs'], process.env);
  if (selected('domain')) await jestSuite('domain unit tests', 'domain', join(scratch, 'domain.json'), base);
  if (selected('backend')) {
    await jestSuite('backend tests', 'backend', join(scratch, 'backend.json'), {
      ...base,
      DATABASE_URL: pg.url,
      REDIS_URL: `${redis.url}/1`,
    });
  }
  if (!selected('e2e')) return;

  // The end-to-end run gets its own database, migrated and seeded by the app's own start.
  const e2eDatabase = pg.url.replace(/\/backend_test$/, '/e2e_test');
  const admin = await import('pg');
  const client = new admin.default.Client({ connectionString: pg.url });
  await client.connect();
  await client.query('CREATE DATABASE e2e_test');
  await client.end();
  const port = await freePort();
  // PUBLIC_URL is the address the browser uses: the payment pages redirect there, and CSP's form-action holds them to it.
  const appEnv = {
    ...base,
    DATABASE_URL: e2eDatabase,
    REDIS_URL: `${redis.url}/2`,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
  };
  const { spawn } = await import('node:child_process');
  const app = spawn(process.execPath, ['backend/dist/main.js'], { cwd: root, env: appEnv, stdio: 'inherit' });
  stops.unshift(
    () =>
      new Promise((resolve) => {
        if (app.exitCode !== null) return resolve();
        app.once('exit', resolve);
        app.kill('SIGTERM');
      }),
  );
  await waitForHttp(`http://127.0.0.1:${port}/api/health`, 60_000);
  await suite(
    'end-to-end tests (Playwright, Chromium)',
    'npx',
    ['playwright', 'test', '-c', 'frontend/playwright.config.ts', ...passThrough],
    {
      ...appEnv,
      BASE_URL: `http://127.0.0.1:${port}`,
    },
  );
}

async function shutdown() {
  for (const stop of stops) await stop().catch(() => {});
  removeScratch(); // after the servers that write into it have stopped
}

// Stopped from outside (kill, CI's timeout): stop the app, PostgreSQL and Redis it started rather than orphan them.
for (const signal of ['SIGTERM', 'SIGHUP']) {
  process.once(signal, async () => {
    log(`${signal}: stopping what the tests started…`);
    await shutdown();
    process.exit(1);
  });
}

try {
  await main();
} catch (error) {
  console.error(`[shop] ${error.stack ?? error}`);
  results.push({ name: 'test run', passed: false });
} finally {
  await shutdown();
}
const failed = results.filter((r) => !r.passed);
if (failures.length > 0) console.log(`[shop] failing tests:\n  ${failures.join('\n  ')}`);
for (const r of results) log(`${r.passed ? 'PASS' : 'FAIL'} ${r.name}`);
console.log(`suites: ${results.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length === 0 && results.length > 0 ? 0 : 1);
