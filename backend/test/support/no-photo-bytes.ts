import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '../../src/config/config.js';

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
/** How a file of each photo format the shop takes begins (WebP: its RIFF form's name and first chunk). */
const PHOTO_SIGNATURES: Record<string, Buffer> = {
  JPEG: JPEG_MAGIC,
  PNG: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  WebP: Buffer.from('WEBPVP8', 'latin1'),
};
/**
 * A PDF stream's body: compressed bytes, in which any three bytes turn up by chance. A book whose lettering changes
 * from run to run (a child's name of the run's own) holds FF D8 FF about one time in fifteen, which is no photo.
 */
const PDF_STREAM_BODY = /stream\r?\n[\s\S]*?endstream/g;
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

/** What poppler's `tool -list` prints for the file, or null when poppler cannot read it as a PDF. */
function popplerList(tool: 'pdfimages' | 'pdfdetach', file: string): string | null {
  try {
    return execFileSync(tool, ['-list', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return null;
  }
}

/**
 * What in a stored file could be a photo, in words; empty when nothing. A photo's bytes carry their format's signature,
 * looked for in the whole file; inside a PDF a photo is an image (whatever its encoding) or an attached file, which
 * poppler lists (an image drawn on no page is named in the PDF's objects), so the PDF's stream bodies are left out of
 * the search for signatures. A file poppler cannot read as a PDF (a test's stand-in) is searched whole.
 */
export function photosInFile(file: string): string[] {
  const bytes = readFileSync(file);
  const found: string[] = [];
  const images = popplerList('pdfimages', file);
  let searched = bytes;
  if (images !== null) {
    // Two header lines, then one line per image.
    const count = images
      .split('\n')
      .slice(2)
      .filter((line) => line.trim() !== '').length;
    if (count > 0) found.push(`${count} image(s) in the PDF`);
    if (!/^0 embedded files/.test(popplerList('pdfdetach', file) ?? '')) found.push('a file attached to the PDF');
    searched = Buffer.from(bytes.toString('latin1').replace(PDF_STREAM_BODY, 'stream endstream'), 'latin1');
    // An image kept in the file but drawn on no page, which poppler does not list.
    if (/\/Subtype\s*\/Image\b/.test(searched.toString('latin1'))) found.push('an image object');
  }
  for (const [format, signature] of Object.entries(PHOTO_SIGNATURES)) {
    if (searched.includes(signature)) found.push(`a ${format} signature`);
  }
  return found;
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
 * base64) in Redis, none in the storage folder (as a file or in a PDF), none in the captured logs. `art` is the text of
 * whatever art rows the product keeps, which must be drawings only.
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
  // The storage folder is the whole run's: every suite's PDFs are looked at, not only this session's.
  for (const file of filesUnder(input.config.storageDir)) expect({ file, photos: photosInFile(file) }).toEqual({ file, photos: [] });
  expect(input.logs).not.toMatch(/\/9j\/|iVBORw0KGgo|\\xff\\xd8/);
}
