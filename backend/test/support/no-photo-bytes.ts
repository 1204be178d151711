import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '../../src/config/config.js';

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
/** A JPEG or PNG as base64 text, or a data URL of any image. */
export const ENCODED_IMAGE = /data:image|\/9j\/|iVBORw0KGgo/;

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? filesUnder(path) : [path];
    });
  } catch {
    return [];
  }
}

/** Every value Redis holds, whatever the key's type. */
async function redisValues(redisUrl: string): Promise<Buffer[]> {
  const redis = new Redis(redisUrl);
  try {
    const values: Buffer[] = [];
    for (const key of await redis.keys('*')) {
      const type = await redis.type(key);
      if (type === 'string') values.push((await redis.getBuffer(key))!);
      else if (type === 'hash') values.push(...Object.values(await redis.hgetallBuffer(key)));
      else if (type === 'list') values.push(...(await redis.lrangeBuffer(key, 0, -1)));
      else if (type === 'set') values.push(...(await redis.smembersBuffer(key)));
      else if (type === 'zset') values.push(...(await redis.zrangeBuffer(key, 0, -1)));
    }
    return values;
  } finally {
    redis.disconnect();
  }
}

/**
 * Proves a session's photos are gone once their art exists: nothing staged in the database, no JPEG or PNG (raw or
 * base64) in Redis, none in the storage folder, none in the captured logs. `art` is the text of whatever art rows the
 * product keeps, which must be drawings only.
 */
export async function expectNoPhotoBytes(input: {
  db: DataSource;
  config: AppConfig;
  sessionId: string;
  art: string[];
  logs: string;
}): Promise<void> {
  const [{ staged }] = await input.db.query(`SELECT count(*)::int AS staged FROM photo_staging WHERE session_id = $1`, [input.sessionId]);
  expect(staged).toBe(0);
  for (const art of input.art) expect(art).not.toMatch(ENCODED_IMAGE);
  for (const value of await redisValues(input.config.redisUrl)) {
    expect(value.includes(JPEG_MAGIC)).toBe(false);
    expect(value.toString('latin1')).not.toMatch(/\/9j\/|iVBORw0KGgo/);
  }
  for (const file of filesUnder(input.config.storageDir)) {
    const bytes = readFileSync(file);
    expect(bytes.includes(JPEG_MAGIC) || bytes.subarray(0, 4).equals(PNG_MAGIC)).toBe(false);
  }
  expect(input.logs).not.toMatch(/\/9j\/|iVBORw0KGgo|\\xff\\xd8/);
}
