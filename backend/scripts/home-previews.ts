// `npm run home-previews -w backend` (run by `npm run build` before the pages are built): draws the shop's sample pages
// (domain HOME_PREVIEWS and PRODUCT_PICTURES) with the artwork engine from committed fixture photos, and writes them as
// WebP at the size the pages show them into frontend/public/previews/. Not committed: each build shows what the engine
// draws now (decision 033).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { HOME_PREVIEW_CHILD_NAME, HOME_PREVIEW_WIDTHS, HOME_PREVIEWS, PRODUCT_PICTURES, samplePicturePath } from '@colouring/domain';
import { dotToDot } from '../src/artwork/dots/index.js';
import { composeDotToDotPage, composeScenePage, composeSinglePhotoPage, PAGE } from '../src/artwork/page/index.js';
import { drawPhotoArt } from '../src/artwork/photo/index.js';
import { createPortraitEngine } from '../src/artwork/portrait/index.js';
import { findScene } from '../src/artwork/scenes/index.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const PHOTOS = path.join(repoRoot, 'fixtures', 'photos');
const OUT = path.join(repoRoot, 'frontend', 'public', 'previews');

const started = performance.now();
const pages = new Map<string, string>();

// The child: the portrait engine on a committed fixture portrait (the same photo for the scenes and the dot-to-dot book).
const photo = fs.readFileSync(path.join(PHOTOS, 'astronaut.png'));
const engine = await createPortraitEngine();
const portrait = await engine.render(photo);
await engine.close();
for (const preview of HOME_PREVIEWS) {
  const scene = findScene(preview.sceneId);
  if (!scene) throw new Error(`home preview ${preview.file}: no catalogue scene ${preview.sceneId}`);
  pages.set(
    preview.file,
    composeScenePage({
      composition: scene.composition,
      title: scene.title,
      level: preview.level,
      childName: HOME_PREVIEW_CHILD_NAME,
      portrait,
    }),
  );
}
if (!pages.has(PRODUCT_PICTURES.colouring)) throw new Error(`${PRODUCT_PICTURES.colouring} is not one of the home previews`);
pages.set(PRODUCT_PICTURES.dotToDot, composeDotToDotPage({ childName: HOME_PREVIEW_CHILD_NAME, level: 2, dots: dotToDot(portrait, 2) }));
// A single photo, cropped to a portrait page as the shop crops it: a head-and-shoulders photo (the astronaut's suit and
// flag, cropped to a portrait page, read as blobs at the card's size).
const single = fs.readFileSync(path.join(PHOTOS, 'grace-hopper.jpg'));
const crop = await sharp(single).resize(900, 1200, { fit: 'cover' }).jpeg({ quality: 90 }).toBuffer();
pages.set(PRODUCT_PICTURES.singlePhoto, composeSinglePhotoPage({ art: await drawPhotoArt(crop), level: 2, aspect: 'portrait' }));

fs.mkdirSync(OUT, { recursive: true });
let bytes = 0;
let files = 0;
for (const [file, svg] of pages)
  for (const width of HOME_PREVIEW_WIDTHS) {
    const webp = await sharp(Buffer.from(svg), { density: (width / (PAGE.w / 25.4)) * 1.02 })
      .resize(width, Math.round((width * PAGE.h) / PAGE.w), { fit: 'fill' })
      .flatten({ background: '#ffffff' })
      .webp({ quality: 80, effort: 6 })
      .toBuffer();
    fs.writeFileSync(path.join(repoRoot, 'frontend', 'public', samplePicturePath(file, width)), webp);
    bytes += webp.length;
    files++;
  }
console.log(
  `sample pages: ${pages.size} pages in ${files} files, ${Math.round(bytes / 1024)} KB, in ${Math.round(performance.now() - started)} ms -> ${path.relative(repoRoot, OUT)}`,
);
