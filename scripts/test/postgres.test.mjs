// Where the development PostgreSQL runs from, and (as root) a real start from a checkout the postgres user cannot enter.
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { nativeDir, placement, startPostgres } from '../lib/postgres.mjs';
import { freePort } from '../lib/services.mjs';

const user = { uid: 101, gid: 104 };

describe('embedded PostgreSQL placement', () => {
  it('runs from the checkout when we are not root', () => {
    const where = placement({
      checkout: '/srv/example-shop',
      native: '/srv/example-shop/nm/native',
      dataDir: '/srv/example-shop/var/postgres',
      user: undefined,
    });
    assert.deepEqual(where, { native: '/srv/example-shop/nm/native', dataDir: '/srv/example-shop/var/postgres', relocated: false });
  });

  it('runs from the checkout when the postgres user can reach it', () => {
    const asked = [];
    const reach = (u, path) => (asked.push(path), true);
    const where = placement({
      checkout: '/srv/shop',
      native: '/srv/shop/nm/native',
      dataDir: '/srv/shop/var/postgres',
      user,
      reach,
      fallbackHome: '/x',
    });
    assert.equal(where.relocated, false);
    assert.equal(asked[0], '/srv/shop/nm/native/bin/postgres');
  });

  it('moves binaries and data to one folder per checkout when the postgres user cannot enter it', () => {
    const reach = () => false;
    const a = placement({
      checkout: '/root/shop',
      native: '/root/shop/nm/native',
      dataDir: '/root/shop/var/postgres',
      user,
      reach,
      fallbackHome: '/var/lib/colouring-shop',
    });
    const b = placement({
      checkout: '/root/other',
      native: '/root/other/nm/native',
      dataDir: '/root/other/var/postgres',
      user,
      reach,
      fallbackHome: '/var/lib/colouring-shop',
    });
    assert.equal(a.relocated, true);
    assert.match(a.home, /^\/var\/lib\/colouring-shop\/[0-9a-f]{12}$/);
    assert.equal(a.native, join(a.home, 'native'));
    assert.equal(a.dataDir, join(a.home, 'var', 'postgres'));
    assert.notEqual(a.home, b.home);
  });

  it(
    'as root, starts from a checkout only root can enter (mode 700), with the data outside it, and deletes it on stop',
    { skip: process.getuid?.() !== 0 && 'only root runs PostgreSQL as another user; as anyone else it runs as that user' },
    async () => {
      const scratch = mkdtempSync(join(tmpdir(), 'shop-pg-root-'));
      chmodSync(scratch, 0o755); // stands for /var/lib: the fallback home's parents are open to all
      const checkout = join(scratch, 'private-checkout');
      mkdirSync(checkout, { mode: 0o700 });
      chmodSync(checkout, 0o700);
      const home = join(scratch, 'home');
      process.env.SHOP_POSTGRES_HOME = home;
      const lines = [];
      try {
        const dataDir = join(checkout, 'var', 'postgres');
        const pg = await startPostgres({
          checkout,
          dataDir,
          port: await freePort(),
          persistent: false,
          database: 'placement',
          log: (m) => lines.push(m),
        });
        assert.match(lines.join('\n'), /the postgres user cannot reach .*private-checkout: PostgreSQL runs from /);
        const { default: pgLib } = await import('pg');
        const client = new pgLib.Client({ connectionString: pg.url });
        await client.connect();
        const { rows } = await client.query('SELECT current_database() AS db, current_user AS who');
        await client.end();
        assert.deepEqual(rows[0], { db: 'placement', who: 'postgres' });
        assert.equal(existsSync(dataDir), false, 'nothing is written inside the checkout');
        await pg.stop();
        const relocated = placement({ checkout, native: await nativeDir(), dataDir, user, reach: () => false, fallbackHome: home });
        assert.equal(existsSync(relocated.dataDir), false, 'a non-persistent data folder is deleted on stop');
      } finally {
        delete process.env.SHOP_POSTGRES_HOME;
        rmSync(scratch, { recursive: true, force: true });
      }
    },
  );
});
