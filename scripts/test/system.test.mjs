// The system-package check: what it decides on machines with and without each package; installation is recorded, not run.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ensureSystemPackages, missingPackages, planInstall, SYSTEM_PACKAGES } from '../lib/system.mjs';

const ALL_COMMANDS = ['redis-server', 'chromium', 'pdfinfo', 'pdftoppm'];
const DEJAVU = '/usr/share/fonts/truetype/dejavu';

/** A machine that has `commands` and `paths`, nothing else. */
function machine({
  commands = ALL_COMMANDS,
  paths = [DEJAVU],
  env = {},
  platform = 'linux',
  isRoot = true,
  sudo = false,
  apt = true,
} = {}) {
  return {
    env,
    platform,
    which: (c) => (commands.includes(c) ? `/usr/bin/${c}` : undefined),
    exists: (p) => paths.includes(p),
    hasAptGet: apt,
    isRoot,
    passwordlessSudo: sudo,
  };
}

function run(purpose, probe) {
  const installed = [];
  const said = [];
  let error;
  try {
    ensureSystemPackages(purpose, { probe, install: (packages, sudo) => installed.push({ packages, sudo }), say: (m) => said.push(m) });
  } catch (e) {
    error = e;
  }
  return { installed, said: said.join('\n'), error };
}

describe('system packages', () => {
  it('has one list, each entry with its apt package and the commands that need it', () => {
    assert.deepEqual(
      SYSTEM_PACKAGES.map((p) => [p.apt, p.for.join('+')]),
      [
        ['redis-server', 'start+test'],
        ['chromium', 'start+test'],
        ['poppler-utils', 'test'],
        ['fonts-dejavu-core', 'test'],
      ],
    );
  });

  it('installs nothing on a machine that has everything', () => {
    for (const purpose of ['start', 'test']) {
      const { installed, said, error } = run(purpose, machine());
      assert.equal(error, undefined);
      assert.deepEqual(installed, []);
      assert.equal(said, '');
    }
  });

  it('as root on Debian, says what it installs and installs exactly what is missing', () => {
    const { installed, said } = run('test', machine({ commands: ['pdfinfo', 'pdftoppm'] }));
    assert.deepEqual(installed, [{ packages: ['redis-server', 'chromium'], sudo: false }]);
    assert.match(said, /installing system packages for `npm test`: redis-server chromium/);
    assert.match(said, /SHOP_INSTALL_SYSTEM_PACKAGES=0/);
  });

  it('start needs neither poppler nor the font; test needs both', () => {
    const bare = machine({ commands: [], paths: [] });
    assert.deepEqual(
      missingPackages('start', bare).map((p) => p.apt),
      ['redis-server', 'chromium'],
    );
    assert.deepEqual(
      missingPackages('test', bare).map((p) => p.apt),
      ['redis-server', 'chromium', 'poppler-utils', 'fonts-dejavu-core'],
    );
  });

  it('start with REDIS_URL needs no redis-server; CHROMIUM_PATH is used when set, and must exist', () => {
    const probe = machine({ commands: [], paths: ['/opt/chrome'], env: { REDIS_URL: 'redis://db:6379', CHROMIUM_PATH: '/opt/chrome' } });
    assert.deepEqual(missingPackages('start', probe), []);
    const wrongPath = machine({ commands: ['redis-server', 'chromium'], env: { CHROMIUM_PATH: '/nowhere/chrome' } });
    assert.deepEqual(
      missingPackages('start', wrongPath).map((p) => p.apt),
      ['chromium'],
    );
  });

  it('uses passwordless sudo when not root', () => {
    const { installed } = run('start', machine({ commands: [], isRoot: false, sudo: true }));
    assert.deepEqual(installed, [{ packages: ['redis-server', 'chromium'], sudo: true }]);
  });

  it('stops with the exact command when it may not install: no root, no sudo', () => {
    const { installed, error } = run('start', machine({ commands: ['chromium'], isRoot: false }));
    assert.deepEqual(installed, []);
    assert.match(error.message, /redis-server: queues/);
    assert.ok(error.message.includes("sudo sh -c 'apt-get update && apt-get install -y --no-install-recommends redis-server'"));
  });

  it('stops with the command when installation is turned off, even as root', () => {
    const { installed, error } = run('start', machine({ commands: [], env: { SHOP_INSTALL_SYSTEM_PACKAGES: '0' } }));
    assert.deepEqual(installed, []);
    assert.ok(error.message.includes('apt-get install -y --no-install-recommends redis-server chromium'));
  });

  it('on macOS names the Homebrew commands', () => {
    const plan = planInstall(
      missingPackages('start', machine({ commands: [], platform: 'darwin', apt: false })),
      machine({ platform: 'darwin' }),
    );
    assert.deepEqual(plan, { action: 'stop', command: 'brew install redis && brew install --cask chromium' });
  });
});
