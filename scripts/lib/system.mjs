// What the system must provide, in one list, used by `npm start`, `npm test` and `.ci/run`; and the step that installs
// what is missing (apt-get on Debian/Ubuntu, as root or with passwordless sudo) or names the exact command to run.
// SHOP_INSTALL_SYSTEM_PACKAGES=0 turns the installation off: missing packages then stop the command with that command.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { platform as osPlatform } from 'node:os';

/**
 * `for`: which commands need it. `found` says whether this machine has it (env is process.env or a test's own).
 * `skip` says when it is not needed at all (Redis given by URL, Chromium given by path).
 */
export const SYSTEM_PACKAGES = [
  {
    name: 'redis-server',
    why: 'queues, throttling and locks (started for you on a private port unless REDIS_URL is set)',
    for: ['start', 'test'],
    found: ({ which }) => Boolean(which('redis-server')),
    skip: ({ env, purpose }) => purpose === 'start' && Boolean(env.REDIS_URL),
    apt: 'redis-server',
    brew: 'redis',
  },
  {
    name: 'chromium',
    why: 'PDFs and the end-to-end tests (found with `which chromium`, or set CHROMIUM_PATH)',
    for: ['start', 'test'],
    found: ({ env, which, exists }) =>
      env.CHROMIUM_PATH ? exists(env.CHROMIUM_PATH) : Boolean(which('chromium') ?? which('chromium-browser')),
    apt: 'chromium',
    brew: '--cask chromium',
  },
  {
    name: 'pdfinfo and pdftoppm',
    why: 'the tests read and render the PDFs they buy',
    for: ['test'],
    found: ({ which }) => Boolean(which('pdfinfo') && which('pdftoppm')),
    apt: 'poppler-utils',
    brew: 'poppler',
  },
  {
    name: 'a fallback font for Chromium',
    why: "Chromium draws text the pages' own fonts do not cover (the shop's fonts ship in the repository)",
    for: ['test'],
    found: ({ exists, platform }) => platform !== 'linux' || exists('/usr/share/fonts/truetype/dejavu'),
    apt: 'fonts-dejavu-core',
    brew: null,
  },
];

/** The packages `purpose` ('start' or 'test') needs that this machine lacks. */
export function missingPackages(purpose, probe) {
  return SYSTEM_PACKAGES.filter((p) => p.for.includes(purpose) && !p.skip?.({ ...probe, purpose }) && !p.found(probe));
}

/**
 * What to do about the missing packages: nothing, install them (and how), or stop with the command to run.
 * Pure: everything it depends on is in `probe`.
 */
export function planInstall(missing, probe) {
  if (missing.length === 0) return { action: 'none' };
  const apt = missing.map((p) => p.apt);
  const aptCommand = `apt-get update && apt-get install -y --no-install-recommends ${apt.join(' ')}`;
  if (probe.platform === 'linux' && probe.hasAptGet) {
    const allowed = probe.env.SHOP_INSTALL_SYSTEM_PACKAGES !== '0';
    if (allowed && probe.isRoot) return { action: 'install', packages: apt, sudo: false };
    if (allowed && probe.passwordlessSudo) return { action: 'install', packages: apt, sudo: true };
    return { action: 'stop', command: `sudo sh -c '${aptCommand}'` };
  }
  if (probe.platform === 'darwin') {
    const brew = missing.filter((p) => p.brew).map((p) => `brew install ${p.brew}`);
    return { action: 'stop', command: brew.join(' && ') };
  }
  return { action: 'stop', command: `install ${missing.map((p) => p.name).join(', ')} with your system's package manager` };
}

export function which(command) {
  try {
    return execFileSync('which', [command], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** This machine, as `missingPackages` and `planInstall` read it. */
export function probeMachine(env = process.env) {
  return {
    env,
    platform: osPlatform(),
    which,
    exists: existsSync,
    hasAptGet: Boolean(which('apt-get')),
    isRoot: process.getuid?.() === 0,
    passwordlessSudo: Boolean(which('sudo')) && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0,
  };
}

function aptGet(packages, sudo) {
  const prefix = sudo ? ['sudo', '-n'] : [];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // Another apt-get (an unattended upgrade, a second test run) may hold dpkg's lock: wait for it rather than fail.
  const wait = ['-o', 'DPkg::Lock::Timeout=300'];
  const steps = [
    ['apt-get', ...wait, 'update', '-qq'],
    ['apt-get', ...wait, 'install', '-y', '-qq', '--no-install-recommends', ...packages],
  ];
  for (const step of steps) {
    const [command, ...args] = [...prefix, ...step];
    const { status } = spawnSync(command, args, { stdio: 'inherit', env });
    if (status !== 0) throw new Error(`${[command, ...args].join(' ')} failed (exit ${status})`);
  }
}

/**
 * Makes sure the system provides what `purpose` needs: installs it when it may, else throws with the command to run.
 * `install` and `say` are replaceable so that a test can record instead of installing.
 */
export function ensureSystemPackages(purpose, { probe = probeMachine(), install = aptGet, say = console.log } = {}) {
  const missing = missingPackages(purpose, probe);
  const plan = planInstall(missing, probe);
  if (plan.action === 'none') return plan;
  const list = missing.map((p) => `  ${p.name}: ${p.why}`).join('\n');
  if (plan.action === 'stop') {
    throw new Error(`the system lacks what \`npm ${purpose}\` needs:\n${list}\nInstall it with:\n  ${plan.command}`);
  }
  say(`[shop] installing system packages for \`npm ${purpose}\`${plan.sudo ? ' (with sudo)' : ''}: ${plan.packages.join(' ')}\n${list}`);
  say('[shop] (set SHOP_INSTALL_SYSTEM_PACKAGES=0 to install them yourself instead)');
  install(plan.packages, plan.sudo);
  const still = missingPackages(purpose, probeMachine(probe.env));
  if (still.length > 0 && install === aptGet) throw new Error(`still missing after apt-get: ${still.map((p) => p.name).join(', ')}`);
  return plan;
}

// `node scripts/lib/system.mjs start|test`: the same check on its own (used by .ci/run).
if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    ensureSystemPackages(process.argv[2] ?? 'test');
  } catch (error) {
    console.error(`[shop] ${error.message}`);
    process.exit(1);
  }
}
