// The worker's peak memory, for `npm run bench:artwork`: the built code (dist/, after `npm run build`) run by plain
// node, as `node dist/worker.js` runs it, doing the worker's artwork jobs. The bench itself runs its TypeScript
// through a loader that keeps the TypeScript compiler in memory in each thread (about 150 MB in the main thread and as
// much again in the level thread), so its own RSS says little about the worker's (docs/decisions/007).
// Plain JavaScript so that no loader runs. Prints one JSON line: maxRSS (MB) after each part.
// Usage: node scripts/worker-memory.mjs <photos folder> <portrait runs>

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const [dir, runsArg] = process.argv.slice(2);
const runs = Number(runsArg);
if (!dir || !(runs > 0)) throw new Error('usage: node scripts/worker-memory.mjs <photos folder> <portrait runs>');

/** Peak RSS, MB: VmHWM, this program's high-water mark (on Linux, maxRSS would also count the memory of the bench it
 * was forked from); maxRSS where there is no /proc. */
const peakMb = () => {
  const hwm = existsSync('/proc/self/status') && /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return Math.round(((hwm ? Number(hwm[1]) : process.resourceUsage().maxRSS) * 1024) / 1e6);
};
const peaks = {};

// everything the worker process loads (Nest, TypeORM, Bull, the modules; photo.service.ts sets sharp's concurrency
// and cache), without starting it: no database or queue is needed
await import('../dist/worker.module.js');
const { createPortraitEngine } = await import('../dist/artwork/portrait/index.js');
const { drawPhotoArt } = await import('../dist/artwork/photo/index.js');
peaks.code = peakMb();
const engine = await createPortraitEngine();
peaks.models = peakMb();

const small = readFileSync(path.join(dir, 'astronaut.png'));
const big = await sharp(small).resize(4000, 3000, { fit: 'fill', kernel: 'lanczos3' }).jpeg({ quality: 90 }).toBuffer();
for (let i = 0; i < runs; i++) await engine.render(big);
peaks.portrait12mp = peakMb();
for (let i = 0; i < runs; i++) await engine.render(small);
peaks.portrait512 = peakMb();
// single photos as the server crops them (3:4 or 4:3 JPEG, 1200 px long side), with the engine's face finder
for (const name of ['chelsea.png', 'coffee.png', 'camera.png', 'grace-hopper.jpg', 'astronaut.png']) {
  const photo = await sharp(readFileSync(path.join(dir, name)))
    .resize(1200, 900, { fit: 'cover' })
    .jpeg({ quality: 90 })
    .toBuffer();
  for (let i = 0; i < 2; i++) await drawPhotoArt(photo, undefined, (work) => engine.faces(work));
}
peaks.singlePhoto = peakMb();
await engine.close();
console.log(JSON.stringify(peaks));
process.exit(0);
