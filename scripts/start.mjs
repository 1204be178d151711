// `npm start`: install and build when needed, find or start PostgreSQL and Redis, then serve the shop.
// `npm run dev`: the same with Vite hot reload for the pages and a rebuilding backend.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { appEnv } from './lib/app-env.mjs';
import { ensureNode } from './lib/node-runtime.mjs';
import { ensureInstalledAndBuilt, log, root, run, startPostgres, startRedis } from './lib/services.mjs';
import { ensureSystemPackages } from './lib/system.mjs';

const dev = process.argv.includes('--dev');
const production = process.env.NODE_ENV === 'production';
const env = appEnv(process.env);
const stops = [];

async function main() {
  await ensureNode(root, log);
  ensureSystemPackages('start');
  // Development builds as it goes (tsc --watch, Vite); only the shared rules are built first.
  await ensureInstalledAndBuilt({ build: !dev });
  if (dev && (await run('npm', ['run', 'build', '-w', 'domain'])) !== 0) fail('building domain/ failed');
  // The sample pages the home page shows are drawn by the engine at build time (decision 033).
  if (dev && (await run('npm', ['run', 'home-previews', '-w', 'backend'])) !== 0) fail('drawing the sample pages failed');
  if (!env.DATABASE_URL) {
    if (production) fail('DATABASE_URL is required in production (the embedded PostgreSQL is for development only).');
    const pg = await startPostgres({ dataDir: join(root, 'var', 'postgres'), port: 54329, persistent: true, database: 'colouring' });
    stops.push(pg.stop);
    env.DATABASE_URL = pg.url;
    env.EMBEDDED_DATABASE = '1';
  }
  if (!env.REDIS_URL) {
    if (production) fail('REDIS_URL is required in production.');
    const redis = await startRedis({ dir: join(root, 'var', 'redis'), port: 63799, persistent: true });
    stops.push(redis.stop);
    env.REDIS_URL = redis.url;
  }
  const children = [];
  if (dev) {
    env.VITE_DEV = '1';
    children.push(
      spawn('npx', ['tsc', '-p', 'backend/tsconfig.build.json', '--watch', '--preserveWatchOutput'], { cwd: root, stdio: 'inherit' }),
    );
    children.push(spawn(process.execPath, ['--watch-path=backend/dist', 'backend/dist/main.js'], { cwd: root, env, stdio: 'inherit' }));
  } else {
    children.push(spawn(process.execPath, ['backend/dist/main.js'], { cwd: root, env, stdio: 'inherit' }));
  }
  const app = children[children.length - 1];
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => children.forEach((child) => child.kill(signal)));
  }
  const code = await new Promise((resolve) => app.once('exit', (c, s) => resolve(c ?? (s ? 0 : 1))));
  children.forEach((child) => child.exitCode === null && child.kill('SIGTERM'));
  await shutdown();
  process.exit(code);
}

function fail(message) {
  console.error(message);
  process.exit(1);
}

async function shutdown() {
  for (const stop of stops.reverse()) await stop().catch(() => {});
}

main().catch(async (error) => {
  console.error(`[shop] ${error.message}`);
  await shutdown();
  process.exit(1);
});
