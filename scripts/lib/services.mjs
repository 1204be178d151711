// Finds or starts what the shop needs: dependencies and the build, PostgreSQL (postgres.mjs), Redis. Plain Node.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { join } from 'node:path';
import { startPostgres as startOwnPostgres } from './postgres.mjs';
import { which } from './system.mjs';

export { which };

export const root = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');

export function log(message) {
  console.log(`[shop] ${message}`);
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

/** PostgreSQL for development and tests (scripts/lib/postgres.mjs), its folders relative to this checkout. */
export function startPostgres(options) {
  return startOwnPostgres({ ...options, checkout: root, log });
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
  if (!binary) throw new Error('redis-server was not found (see the system packages in the README), or set REDIS_URL');
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

/** Why dependencies must be installed now (none installed, or the lock file changed since), or undefined. */
function installReason() {
  const installed = join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(installed)) return 'first start';
  return statSync(join(root, 'package-lock.json')).mtimeMs > statSync(installed).mtimeMs ? 'package-lock.json changed' : undefined;
}

/** Installs dependencies when they are missing or out of date, then builds when sources are newer than the build. */
export async function ensureInstalledAndBuilt({ build }) {
  const reason = installReason();
  if (reason) {
    log(`installing dependencies (${reason})…`);
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
