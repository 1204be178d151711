// The Node the shop runs on is package.json's `engines.node`. When `npm start` or `npm test` is run by an older Node,
// they fetch the Node named in .nvmrc from the npm registry (the package node-<platform>-<arch>, a plain binary),
// keep it in var/node/, and run again under it, with it first on PATH so that npm and every child use it too
// (decision 011). Plain Node, no dependencies.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { arch, platform, tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

/** Is `version` (e.g. '20.20.2') at least `minimum` (e.g. '22.12.0')? */
export function atLeast(version, minimum) {
  const a = version.replace(/^v/, '').split('.').map(Number);
  const b = minimum.replace(/^v/, '').split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  }
  return true;
}

/** The lowest Node package.json's engines accept (a `>=x.y.z` range). */
export function minimumNode(root) {
  const range = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines?.node ?? '';
  const match = /^>=\s*(\d+\.\d+\.\d+)$/.exec(range.trim());
  if (!match) throw new Error(`package.json engines.node must read ">=x.y.z" (it reads "${range}")`);
  return match[1];
}

/** Unpacks node-<platform>-<arch>@version from the npm registry into `dir` (bin/node, include/node for native addons). */
function fetchNode(version, dir, log) {
  const pkg = `node-${platform()}-${arch()}@${version}`;
  log(`Node ${process.versions.node} is older than this project needs: fetching Node ${version} from the npm registry (${pkg})…`);
  const scratch = mkdtempSync(join(tmpdir(), 'shop-node-'));
  try {
    const tarball = execFileSync('npm', ['pack', pkg, '--silent', '--pack-destination', scratch], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .pop();
    execFileSync('tar', ['-xzf', join(scratch, tarball), '-C', scratch]);
    mkdirSync(join(dir, '..'), { recursive: true });
    rmSync(dir, { recursive: true, force: true });
    renameSync(join(scratch, 'package'), dir);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Returns when this process's Node fits package.json's engines. Otherwise runs this same script again under the Node
 * of .nvmrc (fetched once into var/node/) and exits with its exit code; the caller's code after this never runs.
 */
export async function ensureNode(root, log) {
  const minimum = minimumNode(root);
  if (atLeast(process.versions.node, minimum)) return;
  if (process.env.SHOP_NODE_REEXEC) throw new Error(`still on Node ${process.versions.node} after switching to the project's Node`);
  const version = readFileSync(join(root, '.nvmrc'), 'utf8').trim();
  if (!atLeast(version, minimum)) throw new Error(`.nvmrc names Node ${version}, older than engines' ${minimum}`);
  const dir = join(root, 'var', 'node', `v${version}`);
  if (!existsSync(join(dir, 'bin', 'node'))) fetchNode(version, dir, log);
  const env = {
    ...process.env,
    PATH: `${join(dir, 'bin')}${delimiter}${process.env.PATH ?? ''}`,
    // Native addons built from source must build against the Node that loads them.
    npm_config_nodedir: dir,
    SHOP_NODE_REEXEC: '1',
  };
  const child = spawn(join(dir, 'bin', 'node'), process.argv.slice(1), { stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  const code = await new Promise((resolve) => child.once('exit', (c, s) => resolve(c ?? (s ? 1 : 0))));
  process.exit(code);
}
