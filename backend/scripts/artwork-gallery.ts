// `npm run artwork:gallery [-- --photos <folder>] [bundle ids…]`: renders every catalogue scene at every level for every
// face in the photos folder (default: the repository's fixtures/photos; photos the engine refuses are named and skipped), plus
// the cover, closing, dot-to-dot book and preview pages, every photo (any subject) as a single-photo page at every level, into PNG contact sheets under
// var/gallery/ (repo root) for people to look at.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { DOT_TO_DOT_BOOK_LEVELS } from '@colouring/domain';
import type { Portrait, PortraitEngine } from '../src/artwork/portrait/index.js';
import {
  composeClosingPage,
  composeCoverPage,
  composeDotToDotOutlinePage,
  composeDotToDotPage,
  composeScenePage,
  composeSinglePhotoPage,
  composeTimings,
  renderPreviewPng,
} from '../src/artwork/page/index.js';
import { fixturePortrait } from '../src/artwork/page/fixture-portrait.js';
import { drawPhotoArt } from '../src/artwork/photo/index.js';
import { measurePhotoArt } from '../src/artwork/photo/measure.js';
import { countRegions, REGION_BANDS, type RegionCount } from '../src/artwork/page/regions.js';
import { CATALOGUE, compositionFromText, compositionThumbnailSvg, sceneThumbnailSvg } from '../src/artwork/scenes/index.js';
import { LEVELS, type Level } from '../src/artwork/scenes/svg.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const OUT = path.join(repoRoot, 'var', 'gallery');
const { values: options, positionals } = parseArgs({
  options: { photos: { type: 'string', default: path.join(repoRoot, 'fixtures', 'photos') } },
  allowPositionals: true,
});
const PHOTOS = path.resolve(options.photos!);
/** `npm run artwork:gallery -- space farm`: only these bundles' sheets (no other pages), for quick looks. */
const ONLY = positionals;

async function loadPortraits(): Promise<{ name: string; portrait: Portrait }[]> {
  try {
    const mod = (await import('../src/artwork/portrait/index.js')) as { createPortraitEngine(): Promise<PortraitEngine> };
    const engine = await mod.createPortraitEngine();
    const out: { name: string; portrait: Portrait }[] = [];
    for (const name of fs
      .readdirSync(PHOTOS)
      .filter((f) => /\.(png|jpe?g|webp)$/i.test(f))
      .sort()) {
      const file = path.join(PHOTOS, name);
      try {
        out.push({ name, portrait: await engine.render(fs.readFileSync(file)) });
      } catch (err) {
        console.warn(`${name}: ${(err as Error).message}`);
      }
    }
    await engine.close();
    if (out.length) return out;
  } catch (err) {
    console.warn(`portrait engine unavailable, using the fixture portrait: ${(err as Error).message}`);
  }
  return [{ name: 'fixture', portrait: fixturePortrait() }];
}

async function png(svg: string, width: number): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: (width / (210 / 25.4)) * 1.05 })
    .resize({ width })
    .flatten({ background: '#fff' })
    .png()
    .toBuffer();
}

async function sheet(file: string, cells: { label: string; image: Buffer }[], cols: number, cellW: number): Promise<void> {
  const first = await sharp(cells[0]!.image).metadata();
  const cellH = Math.round(((first.height ?? cellW) * cellW) / (first.width ?? cellW)) + 22;
  const rows = Math.ceil(cells.length / cols);
  const composites: sharp.OverlayOptions[] = [];
  for (let i = 0; i < cells.length; i++) {
    const x = (i % cols) * (cellW + 8) + 4;
    const y = Math.floor(i / cols) * (cellH + 8) + 4;
    const img = await sharp(cells[i]!.image).resize({ width: cellW }).toBuffer();
    composites.push({ input: img, left: x, top: y + 20 });
    const label = cells[i]!.label.replace(/[<&>]/g, '');
    composites.push({
      input: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${cellW}" height="20"><text x="2" y="15" font-size="14" font-family="DejaVu Sans">${label}</text></svg>`,
      ),
      left: x,
      top: y,
    });
  }
  await sharp({ create: { width: cols * (cellW + 8), height: rows * (cellH + 8), channels: 3, background: '#dddddd' } })
    .composite(composites)
    .png()
    .toFile(file);
  console.log(file);
}

async function main(): Promise<void> {
  fs.mkdirSync(path.join(OUT, 'pages'), { recursive: true });
  const portraits = await loadPortraits();
  const childNames = ['Eileen', 'Sam', 'Olivia-Rose', 'Max'];
  // What there is to colour on the pages drawn, per level (the bands are in page/regions.ts).
  const figures: Record<Level, RegionCount[]> = { 1: [], 2: [], 3: [], 4: [] };
  let k = 0;
  for (const bundle of CATALOGUE) {
    if (ONLY.length && !ONLY.includes(bundle.id)) {
      k += bundle.scenes.length;
      continue;
    }
    const cells: { label: string; image: Buffer }[] = [];
    for (const scene of bundle.scenes) {
      const who = portraits[k % portraits.length]!;
      const childName = childNames[k % childNames.length]!;
      k++;
      for (const level of LEVELS) {
        const svg = composeScenePage({ composition: scene.composition, title: scene.title, level, childName, portrait: who.portrait });
        const image = await png(svg, 420);
        figures[level].push(await countRegions(svg, level));
        fs.writeFileSync(path.join(OUT, 'pages', `${scene.id}-L${level}.png`), image);
        cells.push({ label: `${scene.id} L${level}`, image });
      }
    }
    await sheet(path.join(OUT, `bundle-${bundle.id}.png`), cells, 4, 300);
  }

  for (const level of LEVELS) {
    const counts = figures[level].map((f) => f.regions).sort((a, b) => a - b);
    if (!counts.length) continue;
    const smallest = Math.min(...figures[level].map((f) => f.smallestMm2 || Infinity));
    const tiny = figures[level].map((f) => f.tiny).sort((a, b) => a - b);
    console.log(
      `regions L${level}: ${counts.length} pages, min ${counts[0]}, median ${counts[counts.length >> 1]}, max ${counts[counts.length - 1]}; ` +
        `smallest region ${smallest} mm²; regions under ${REGION_BANDS[level].smallestMm2} mm² per page: median ${tiny[tiny.length >> 1]}, max ${tiny[tiny.length - 1]}`,
    );
  }

  if (ONLY.length) return;
  const who = portraits[0]!.portrait;
  const extras: { label: string; image: Buffer }[] = [];
  for (const level of LEVELS)
    extras.push({
      label: `cover L${level}`,
      image: await png(composeCoverPage({ heading: 'My colouring book', childName: 'Eileen', level, portrait: who }), 420),
    });
  extras.push({
    label: 'closing',
    image: await png(composeClosingPage({ childName: 'Eileen', shopUrl: 'https://shop.example' }), 420),
  });
  try {
    const dots = await import('../src/artwork/dots/index.js');
    for (const level of DOT_TO_DOT_BOOK_LEVELS) {
      extras.push({
        label: `dot-to-dot L${level}`,
        image: await png(composeDotToDotPage({ childName: 'Eileen', level, dots: dots.dotToDot(who, level) }), 420),
      });
      extras.push({
        label: `dot-to-dot outline L${level}`,
        image: await png(composeDotToDotOutlinePage({ childName: 'Eileen', level, outline: dots.dotToDotOutline(who, level) }), 420),
      });
    }
  } catch (err) {
    console.warn(`dot-to-dot unavailable: ${(err as Error).message}`);
  }
  const preview = await renderPreviewPng(
    composeScenePage({
      composition: CATALOGUE[0]!.scenes[0]!.composition,
      title: 'Blast Off!',
      level: 2,
      childName: 'Eileen',
      portrait: who,
    }),
  );
  fs.writeFileSync(path.join(OUT, 'preview.png'), preview);
  extras.push({ label: 'preview (watermarked)', image: preview });
  await sheet(path.join(OUT, 'other-pages.png'), extras, 4, 300);

  // single photo: every photo in the folder (any subject, faces or not), cropped as the server does, every level,
  // faces found by the portrait engine's detector as the worker does (decision 032)
  const singles: { label: string; image: Buffer }[] = [];
  const faceEngine = await (await import('../src/artwork/portrait/index.js')).createPortraitEngine();
  for (const name of fs
    .readdirSync(PHOTOS)
    .filter((f) => /\.(png|jpe?g|webp)$/i.test(f))
    .sort()) {
    const file = path.join(PHOTOS, name);
    let crop: Buffer;
    let aspect: 'portrait' | 'landscape';
    try {
      const meta = await sharp(file).metadata();
      aspect = (meta.width ?? 1) > (meta.height ?? 1) ? 'landscape' : 'portrait';
      const [w, h] = aspect === 'portrait' ? [900, 1200] : [1200, 900];
      crop = await sharp(file).rotate().resize(w, h, { fit: 'cover' }).jpeg({ quality: 90 }).toBuffer();
    } catch (err) {
      console.warn(`${name}: ${(err as Error).message}`);
      continue;
    }
    const t = performance.now();
    const art = await drawPhotoArt(crop, undefined, (work) => faceEngine.faces(work));
    const ms = performance.now() - t;
    const figures: string[] = [];
    for (const level of LEVELS) {
      const f = await measurePhotoArt(art, level);
      figures.push(`L${level} ${f.regions} regions`);
      singles.push({ label: `${name} ${aspect} L${level}`, image: await png(composeSinglePhotoPage({ art, level, aspect }), 420) });
    }
    console.log(`single photo ${name}: ${ms.toFixed(0)} ms; ${figures.join(', ')}`);
  }
  await faceEngine.close();
  if (singles.length) await sheet(path.join(OUT, 'single-photo.png'), singles, 4, 300);

  const thumbs: { label: string; image: Buffer }[] = [];
  for (const bundle of CATALOGUE) {
    const s = bundle.scenes[0]!;
    thumbs.push({
      label: `${s.id} thumb L2`,
      image: await sharp(Buffer.from(sceneThumbnailSvg(s.id, 2)))
        .resize({ width: 300 })
        .png()
        .toBuffer(),
    });
  }
  for (const text of [
    'A dragon and a unicorn having a picnic in the castle',
    'Driving a train to the moon with my cat',
    'blorp zzz qwerty',
    '',
  ]) {
    thumbs.push({
      label: `"${text.slice(0, 26)}"`,
      image: await sharp(Buffer.from(compositionThumbnailSvg(compositionFromText(text), 3, text)))
        .resize({ width: 300 })
        .png()
        .toBuffer(),
    });
  }
  await sheet(path.join(OUT, 'thumbnails-and-custom.png'), thumbs, 4, 300);

  const t = composeTimings({
    composition: CATALOGUE[0]!.scenes[0]!.composition,
    title: 'Blast Off!',
    level: 4,
    childName: 'Eileen',
    portrait: who,
  });
  console.log(
    `compose timings: first use ${t.firstUseMs.toFixed(1)} ms, scene page ${t.scenePageMs.toFixed(2)} ms, cover ${t.coverPageMs.toFixed(2)} ms`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
