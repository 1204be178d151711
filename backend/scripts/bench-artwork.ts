// Artwork bench: `npm run bench:artwork [-- --photos <folder>]` (a folder holding the fixture photos; default fixtures/photos).
// BENCH_ONLY=single-photo runs only the single-photo part (drawPhotoArt on each fixture photo with the face finder the
// worker passes, steadyFaces, per-level figures).
// For a 12 MP photo (astronaut.png upscaled to 4000x3000, JPEG) and the 512 px fixture: model load, the portrait
// stages and each level, dot-to-dot, page composition and preview, as medians of several warm runs; the time
// sharp takes to decode and resize the same photo, and every figure as a ratio to it; peak memory (RSS): this
// process's, and the worker's as it runs (scripts/worker-memory.mjs on the built code, after `npm run build`).
// BENCH_RUNS (default 5) sets the number of measured runs, BENCH_WARMUP (default 3) the portrait runs before them
// (the JIT and the heap take about three portraits to settle, as in a worker that has made a few).
// The machine is shared and often loaded: wall times include waiting for a core. The portrait stages also
// report process CPU time (process.cpuUsage(), all threads of this process); compare CPU figures, measured
// before and after under the same conditions.

import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { MALLOC_ARENA_MAX } from '../../scripts/lib/app-env.mjs';
import { dotToDot } from '../src/artwork/dots/index.js';
import { composeScenePage, renderPreviewPng } from '../src/artwork/page/index.js';
import { drawPhotoArt, type PhotoArt } from '../src/artwork/photo/index.js';
import { measurePhotoArt } from '../src/artwork/photo/measure.js';
import { analyse, steadyFaces } from '../src/artwork/portrait/analyse.js';
import { buildPortrait, FaceModels, LEVELS, type Portrait, type StageTimings } from '../src/artwork/portrait/index.js';
import { LevelWorker } from '../src/artwork/portrait/level-worker.js';
import { ALL_SCENES } from '../src/artwork/scenes/index.js';

function photosDir(): string {
  const { values } = parseArgs({ options: { photos: { type: 'string' } } });
  return path.resolve(values.photos ?? fileURLToPath(new URL('../../fixtures/photos/', import.meta.url)));
}

const median = (v: number[]): number => {
  const s = [...v].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);

/** This process's peak RSS so far, MB (the kernel's high-water mark: a timer cannot sample while the thread computes). */
const peakMb = (): number => Math.round((process.resourceUsage().maxRSS * 1024) / 1e6);

function row(label: string, ms: number, ref: number, cpuMs?: number): string {
  const cpu = cpuMs === undefined ? '' : `   ${cpuMs.toFixed(1).padStart(8)} ms CPU`;
  return `  ${label.padEnd(34)} ${ms.toFixed(1).padStart(9)} ms   ${(ms / ref).toFixed(2).padStart(7)} x decode${cpu}`;
}

async function benchPhoto(models: FaceModels, levelWorker: LevelWorker, name: string, photo: Buffer, runs: number): Promise<void> {
  const meta = await sharp(photo).metadata();
  console.log(
    `\n${name}: ${meta.width}x${meta.height} ${meta.format}, ${(photo.length / 1e6).toFixed(2)} MB, ${runs} runs after ${WARMUP} warm-up runs (medians)`,
  );
  // reference: sharp decodes and resizes the photo to the working size
  const decodeRuns: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const t = performance.now();
    await sharp(photo).rotate().resize(768, 768, { fit: 'inside' }).raw().toBuffer();
    if (i) decodeRuns.push(performance.now() - t);
  }
  const ref = median(decodeRuns);

  const stages: Record<string, number[]> = {};
  const totals: number[] = [];
  const cpu: number[] = [];
  let portrait: Portrait | null = null;
  for (let i = 1 - WARMUP; i <= runs; i++) {
    const timings: StageTimings = {};
    const t = performance.now();
    const c0 = process.cpuUsage();
    const a = await analyse(models, photo, timings);
    portrait = await buildPortrait(a, timings, levelWorker);
    const total = performance.now() - t;
    const c1 = process.cpuUsage(c0);
    if (i < 1) continue;
    totals.push(total);
    cpu.push((c1.user + c1.system) / 1000);
    for (const [k, v] of Object.entries(timings)) (stages[k] ??= []).push(v);
  }
  if (!portrait) throw new Error('no portrait');
  const p = portrait;

  const dots: Record<number, number[]> = {};
  const pages: Record<number, number[]> = {};
  const previews: number[] = [];
  const scene = ALL_SCENES[0];
  for (let i = 0; i <= runs; i++) {
    for (const level of LEVELS) {
      let t = performance.now();
      dotToDot(p, level);
      if (i) (dots[level] ??= []).push(performance.now() - t);
      t = performance.now();
      const page = composeScenePage({ composition: scene.composition, title: scene.title, level, childName: 'Ada', portrait: p });
      if (i) (pages[level] ??= []).push(performance.now() - t);
      if (level === 2) {
        t = performance.now();
        await renderPreviewPng(page, 600);
        if (i) previews.push(performance.now() - t);
      }
    }
  }

  console.log(row('sharp decode + resize (reference)', ref, ref));
  const order = [
    'decode',
    'detect',
    'straighten',
    'segment',
    'mask',
    'outline',
    'head',
    'fdogCoarse',
    'level1',
    'level2',
    'level3',
    'level4',
    'levels3and4Wait',
  ];
  const labels: Record<string, string> = { levels3and4Wait: 'levels 3+4 (2nd thread), wait' };
  for (const k of order)
    if (stages[k])
      console.log(row(`portrait: ${labels[k] ?? k}`, median(stages[k]), ref, stages[`${k}.cpu`] && median(stages[`${k}.cpu`])));
  const levelStages = ['outline', 'head', 'fdogCoarse', 'level1', 'level2', 'level3', 'level4', 'levels3and4Wait'];
  const levelsOnly = median(totals.map((_, i) => levelStages.reduce((s, k) => s + (stages[k]?.[i] ?? 0), 0)));
  const levelsCpu = median(totals.map((_, i) => levelStages.reduce((s, k) => s + (stages[`${k}.cpu`]?.[i] ?? 0), 0)));
  console.log(row('portrait: four levels (no analysis)', levelsOnly, ref, levelsCpu));
  console.log(row('portrait: total, photo to 4 levels', median(totals), ref));
  console.log(row('  (process CPU time of that total)', median(cpu), ref));
  for (const level of LEVELS) console.log(row(`dot-to-dot level ${level}`, median(dots[level]), ref));
  for (const level of LEVELS) console.log(row(`scene page composition level ${level}`, median(pages[level]), ref));
  console.log(row('preview PNG (600 px, watermarked)', median(previews), ref));
  const sizes = LEVELS.map((l) => `L${l} ${(p.levels[l].length / 1024).toFixed(0)} KB`).join(', ');
  console.log(`  SVG sizes: ${sizes}; Portrait JSON ${(JSON.stringify(p).length / 1024).toFixed(0)} KB; viewBox ${p.width}x${p.height}`);
  console.log(`  peak RSS of this process so far: ${peakMb()} MB`);
}

/**
 * Single photo: each fixture photo as the server crops it (3:4 or 4:3 JPEG, 1200 px long side), all four levels, with
 * the face finder the worker passes (the portrait engine's faces: steadyFaces, the detector run on the photo and its
 * mirror image).
 */
async function benchSinglePhoto(models: FaceModels, dir: string, runs: number): Promise<void> {
  console.log(`\nsingle photo (drawPhotoArt with the face finder, all four levels at once), ${runs} runs after 1 warm-up run (medians):`);
  for (const [name, aspect] of [
    ['chelsea.png', 'landscape'],
    ['coffee.png', 'landscape'],
    ['camera.png', 'portrait'],
    ['grace-hopper.jpg', 'portrait'],
    ['astronaut.png', 'landscape'],
  ] as const) {
    const [w, h] = aspect === 'portrait' ? [900, 1200] : [1200, 900];
    const photo = await sharp(readFileSync(path.join(dir, name)))
      .resize(w, h, { fit: 'cover' })
      .jpeg({ quality: 90 })
      .toBuffer();
    const stages: Record<string, number[]> = {};
    const totals: number[] = [];
    const cpu: number[] = [];
    let art: PhotoArt | null = null;
    for (let i = 0; i <= runs; i++) {
      const timings: StageTimings = {};
      const t = performance.now();
      const c0 = process.cpuUsage();
      art = await drawPhotoArt(photo, timings, (work) => steadyFaces(models, work));
      const c1 = process.cpuUsage(c0);
      if (!i) continue;
      totals.push(performance.now() - t);
      cpu.push((c1.user + c1.system) / 1000);
      for (const [k, v] of Object.entries(timings)) (stages[k] ??= []).push(v);
    }
    const stageText = ['decode', 'faces', 'regions', 'lines', 'level1', 'level2', 'level3', 'level4']
      .map((k) => `${k} ${median(stages[k]).toFixed(0)}`)
      .join(', ');
    console.log(`  ${name} (${aspect}): total ${median(totals).toFixed(0)} ms (${median(cpu).toFixed(0)} ms CPU); stages ms: ${stageText}`);
    for (const level of LEVELS) {
      const f = await measurePhotoArt(art!, level);
      console.log(
        `    L${level}: ${f.regions} regions, median region ${f.medianRegionMm2.toFixed(0)} mm², ink ${(f.ink * 100).toFixed(1)}%, ` +
          `thickest ink ${f.thickestInkMm.toFixed(1)} mm, SVG ${(art!.levels[level].length / 1024).toFixed(0)} KB`,
      );
    }
  }
  console.log('  target: under about 2 s per photo (all four levels)');
  console.log(`  peak RSS of this process so far: ${peakMb()} MB`);
}

/** Sources of the artwork engine newer than their built copy in dist/ (the worker's memory is measured on dist/). */
function staleBuild(): string[] {
  const backend = fileURLToPath(new URL('../', import.meta.url));
  const src = path.join(backend, 'src');
  return readdirSync(path.join(src, 'artwork'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
    .filter((f) => {
      const built = path.join(backend, 'dist', 'artwork', f.replace(/\.ts$/, '.js'));
      try {
        return statSync(built).mtimeMs < statSync(path.join(src, 'artwork', f)).mtimeMs;
      } catch {
        return true;
      }
    });
}

/**
 * The worker's peak memory: scripts/worker-memory.mjs runs the built code with plain node (no TypeScript loader) and
 * the worker's jobs, with and without the allocator setting the image and `npm start` run the worker with (MALLOC_ARENA_MAX).
 */
function workerMemory(dir: string, runs: number): void {
  const stale = staleBuild();
  if (stale.length)
    console.log(`  dist/ is older than src/ (${stale.slice(0, 3).join(', ')}…): run \`npm run build\` first for this figure`);
  const script = fileURLToPath(new URL('worker-memory.mjs', import.meta.url));
  for (const arenas of [undefined, MALLOC_ARENA_MAX]) {
    const env = { ...process.env, MALLOC_ARENA_MAX: arenas };
    if (!arenas) delete env.MALLOC_ARENA_MAX;
    let out: string;
    try {
      out = execFileSync(process.execPath, [script, dir, String(WARMUP + runs)], { env, encoding: 'utf8' });
    } catch (err) {
      const { status, signal } = err as { status: number | null; signal: string | null };
      console.log(`  MALLOC_ARENA_MAX ${arenas ?? 'unset'}: the run failed (${signal ?? `exit ${status}`}; Node ${process.version})`);
      continue;
    }
    const p = JSON.parse(out.trim().split('\n').pop()!) as Record<string, number>;
    console.log(
      `  MALLOC_ARENA_MAX ${arenas ?? 'unset'}: peak ${p.singlePhoto} MB (worker code loaded ${p.code}, models ${p.models}, ` +
        `12 MP portraits ${p.portrait12mp}, 512 px portraits ${p.portrait512}, single photos ${p.singlePhoto})`,
    );
  }
}

async function main(): Promise<void> {
  if (process.env.BENCH_ONLY === 'single-photo') {
    await benchSinglePhoto(await FaceModels.load(), photosDir(), Number(process.env.BENCH_RUNS ?? 5));
    return;
  }
  const runs = Number(process.env.BENCH_RUNS ?? 5);
  const dir = photosDir();
  const small = readFileSync(path.join(dir, 'astronaut.png'));
  const big = await sharp(small).resize(4000, 3000, { fit: 'fill', kernel: 'lanczos3' }).jpeg({ quality: 90 }).toBuffer();
  const rss0 = process.memoryUsage().rss;
  const t = performance.now();
  const models = await FaceModels.load();
  const load = performance.now() - t;
  console.log(
    `artwork bench — node ${process.version}, ${process.platform} ${process.arch}, load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`,
  );
  console.log(
    `model load (face detector, mesh, iris, selfie segmentation; wasm backend, warm-up included): ${load.toFixed(0)} ms, RSS ${((process.memoryUsage().rss - rss0) / 1e6).toFixed(0)} MB added to ${(rss0 / 1e6).toFixed(0)} MB (node and the TypeScript loader this bench runs under)`,
  );
  const levelWorker = new LevelWorker();
  await benchPhoto(models, levelWorker, '12 MP photo', big, runs);
  await benchPhoto(models, levelWorker, '512 px fixture', small, runs);
  await levelWorker.close();
  await benchSinglePhoto(models, dir, runs);
  console.log(
    'CPU column: process CPU time (process.cpuUsage(), both threads) of each stage; wall times are unreliable on this shared, loaded machine',
  );
  console.log(`load average at the end ${os.loadavg()[0].toFixed(1)} (other processes share these cores: wall times include waiting)`);
  console.log(`\npeak memory of this bench process: RSS ${peakMb()} MB (TypeScript loader in both threads: not the worker's figure)`);
  console.log(
    `the worker's peak memory (scripts/worker-memory.mjs: built code, plain node, the worker's modules loaded; ` +
      `${WARMUP + runs} portraits of each photo, two drawings of each single photo; target under 700 MB):`,
  );
  workerMemory(dir, runs);
  console.log('targets: four portrait levels together under 2 s for the 12 MP photo after warm-up');
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
