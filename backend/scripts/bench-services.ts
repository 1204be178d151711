// What every backend benchmark runs on: a throwaway PostgreSQL and Redis in a scratch folder under var/, or the ones
// DATABASE_URL and REDIS_URL name when both are set (then `own` is false: the benchmark must leave them as it found them).
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export interface BenchServices {
  databaseUrl: string;
  redisUrl: string;
  /** A folder of the scratch's own for stored files. */
  storageDir: string;
  /** Whether the database and Redis were started here for this run. */
  own: boolean;
}

/** Starts what a benchmark needs; what stops and removes it is put on `stops`, last started first. */
export async function benchServices(stops: (() => Promise<unknown>)[]): Promise<BenchServices> {
  const lib = await import('../../scripts/lib/services.mjs');
  mkdirSync(join(lib.root, 'var'), { recursive: true });
  const scratch = mkdtempSync(join(lib.root, 'var', 'bench-'));
  chmodSync(scratch, 0o755); // the embedded PostgreSQL runs as its own user when we are root
  stops.push(async () => rmSync(scratch, { recursive: true, force: true }));
  const storageDir = join(scratch, 'storage');
  if (process.env.DATABASE_URL && process.env.REDIS_URL)
    return { databaseUrl: process.env.DATABASE_URL, redisUrl: process.env.REDIS_URL, storageDir, own: false };
  const pg = await lib.startPostgres({
    dataDir: join(scratch, 'postgres'),
    port: await lib.freePort(),
    persistent: false,
    database: 'bench',
  });
  stops.unshift(pg.stop);
  const redis = await lib.startRedis({ dir: join(scratch, 'redis'), port: await lib.freePort(), persistent: false });
  stops.unshift(redis.stop);
  return { databaseUrl: pg.url, redisUrl: redis.url, storageDir, own: true };
}
