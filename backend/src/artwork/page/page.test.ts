import sharp from 'sharp';
import type { Portrait } from '../portrait/index.js';
import type { PhotoArt } from '../photo/index.js';
import { ALL_SCENES, compositionFromText } from '../scenes/index.js';
import { LEVELS } from '../scenes/svg.js';
import { fixturePortrait } from './fixture-portrait.js';
import { textPath } from './lettering.js';
import {
  closingPageLines,
  composeClosingPage,
  composeCoverPage,
  composeDotToDotOutlinePage,
  coverHeading,
  composeDotToDotPage,
  composeScenePage,
  composeSinglePhotoPage,
  composeTimings,
  renderPreviewPng,
} from './index.js';
import { drawHead, headShape } from './character.js';

const portrait = fixturePortrait();
/** Photo art in the shape drawPhotoArt answers (a 3:4 or 4:3 picture with a frame), without drawing a photo. */
const photoArt = (width: number, height: number): PhotoArt => {
  const art = (stroke: number): string =>
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}"><path fill="#000" d="M10 10h${width / 2}v${stroke}h-${width / 2}z"/><rect width="${width}" height="${height}" fill="none" stroke="#000" stroke-width="${stroke}"/></svg>`;
  return { width, height, levels: { 1: art(16), 2: art(12), 3: art(9), 4: art(6) } };
};
const dots = {
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400"><circle cx="20" cy="20" r="3" fill="#000"/><path d="M10 10L50 50" fill="none" stroke="#000"/></svg>',
  dotCount: 1,
};

function printablePages(): string[] {
  const pages: string[] = [];
  for (const s of ALL_SCENES.filter((_, i) => i % 6 === 0)) {
    for (const level of LEVELS)
      pages.push(composeScenePage({ composition: s.composition, title: s.title, level, childName: 'Olivia-Rose', portrait }));
  }
  pages.push(composeCoverPage({ heading: 'My colouring book', childName: 'Max', level: 1, portrait }));
  pages.push(composeClosingPage({ childName: 'Max', shopUrl: 'https://shop.example/' }));
  pages.push(composeSinglePhotoPage({ art: photoArt(665, 887), level: 3, aspect: 'portrait' }));
  pages.push(composeDotToDotPage({ childName: 'Max', level: 2, dots }));
  pages.push(composeDotToDotOutlinePage({ childName: 'Max', level: 2, outline: dots }));
  return pages;
}

/** A portrait whose art is empty: whatever shows inside its silhouette would be the scene. */
function blankPortrait(): Portrait {
  const p = fixturePortrait();
  const empty = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${p.width} ${p.height}"></svg>`;
  return { ...p, levels: { 1: empty, 2: empty, 3: empty, 4: empty } };
}

describe('printed pages', () => {
  it('are A4 portrait SVGs in millimetres', () => {
    for (const page of printablePages()) {
      expect(page).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="210mm" height="297mm" viewBox="0 0 210 297">/);
      expect(page.endsWith('</svg>')).toBe(true);
    }
  });

  it('draw every word as outline paths: no <text>, the name in bubble letters', () => {
    for (const page of printablePages()) expect(page).not.toMatch(/<text\b/);
    const page = composeScenePage({
      composition: ALL_SCENES[0]!.composition,
      title: 'Blast Off!',
      level: 2,
      childName: 'Olivia-Rose',
      portrait,
    });
    const name = /<g class="name">(.*?)<\/g>/.exec(page)?.[1] ?? '';
    // Each letter: a fat black outline under a white fill, both paths.
    expect((name.match(/<path d="M/g) ?? []).length).toBe(2 * 'Olivia-Rose'.length);
    expect(name).toContain('fill="#fff"');
  });

  it('use no colour but black and white in printable pages', () => {
    for (const page of printablePages()) {
      const colours = [...page.matchAll(/(?:fill|stroke)="([^"]+)"/g)].map((m) => m[1]!);
      expect(colours.filter((v) => !['#000', '#fff', 'none'].includes(v))).toEqual([]);
      expect(page).not.toMatch(/opacity|gradient|style=/i);
      expect(page).not.toContain('NaN');
    }
  });

  it('hide what stands behind the child: nothing of the scene behind shows inside the child, and only there', async () => {
    // Inside the child's silhouette (body and head), the page must look exactly like the child and what is in front
    // of it alone; the scene behind (and a ridden animal) must not show through anywhere.
    const { composeScene, CHILD_MARGIN_MM, SCENE_STROKE } = await import('../scenes/compose.js');
    const px = 3;
    const raster = async (svg: string): Promise<Buffer> =>
      (
        await sharp(Buffer.from(svg), { density: px * 25.4 })
          .resize({ width: 210 * px })
          .flatten({ background: '#fff' })
          .greyscale()
          .raw()
          .toBuffer({ resolveWithObject: true })
      ).data;
    const blank = blankPortrait();
    let behindShows = 0;
    for (const id of [
      'farm-cow',
      'safari-giraffe',
      'fairy-magic-wand',
      'dino-ride',
      'space-rocket-launch',
      'sea-story-time',
      'sports-football',
    ]) {
      const s = ALL_SCENES.find((x) => x.id === id)!;
      for (const level of [1, 3] as const) {
        const page = composeScenePage({ composition: s.composition, title: s.title, level, childName: 'Sam', portrait: blank });
        const scene = composeScene({ composition: s.composition, level, head: { aspect: headShape(blank).w / headShape(blank).h } });
        expect(page).toContain(scene.back);
        // The child's silhouette: its parts painted black, without the white margin around them.
        const body = scene.figure.parts.replace(/#fff/g, '#000');
        const drawn = drawHead({
          portrait: blank,
          art: blank.levels[level],
          figure: scene.figure,
          level,
          strokeMm: SCENE_STROKE[level],
          marginMm: CHILD_MARGIN_MM,
          id: 'mask',
        });
        const head = (drawn.back + drawn.front).replace(/#fff/g, '#000');
        const open = page.slice(0, page.indexOf('<rect width="210"'));
        const mask = await raster(`${open}<rect width="210" height="297" fill="#fff"/>${body}${head}</svg>`);
        const whole = await raster(page);
        const without = await raster(page.replace(scene.back, '').replace(scene.middle, ''));
        const onlyBehind = await raster(`${open}<rect width="210" height="297" fill="#fff"/>${scene.back}${scene.middle}</svg>`);
        let differ = 0;
        const w = 210 * px;
        for (let i = w; i < mask.length - w; i++) {
          // Well inside the silhouette (a pixel and its four neighbours dark), away from the anti-aliased edge.
          if (mask[i]! > 60 || mask[i - 1]! > 60 || mask[i + 1]! > 60 || mask[i - w]! > 60 || mask[i + w]! > 60) continue;
          if (Math.abs(whole[i]! - without[i]!) > 60) differ++;
          if (onlyBehind[i]! < 100) behindShows++;
        }
        expect({ id, level, differ }).toEqual({ id, level, differ: 0 });
      }
    }
    // The check can fail: the scene behind does have lines where the child stands.
    expect(behindShows).toBeGreaterThan(500);
  });

  it('draw more at level 4 than at level 1', () => {
    const count = (svg: string): number => (svg.match(/<(path|circle|ellipse|rect)\b/g) ?? []).length;
    for (const s of ALL_SCENES) {
      const at = (level: 1 | 4): number =>
        count(composeScenePage({ composition: s.composition, title: s.title, level, childName: 'Sam', portrait }));
      expect(at(1)).toBeLessThan(at(4));
    }
  });

  it('name their clip paths uniquely, so pages can share one HTML document', () => {
    const ids = (svg: string): string[] => [...svg.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]!);
    const a = ids(composeScenePage({ composition: ALL_SCENES[0]!.composition, title: 'A', level: 2, childName: 'Sam', portrait }));
    const b = ids(composeScenePage({ composition: ALL_SCENES[1]!.composition, title: 'B', level: 2, childName: 'Sam', portrait }));
    const c = ids(composeCoverPage({ heading: 'My colouring book', childName: 'Sam', level: 2, portrait }));
    expect(a.length).toBeGreaterThan(0);
    expect(new Set([...a, ...b, ...c]).size).toBe(a.length + b.length + c.length);
  });

  it("draws the book's own heading on the cover: a dot-to-dot book is not called a colouring book", () => {
    const cover = (heading: string) => composeCoverPage({ heading, childName: 'Sam', level: 2, portrait });
    const dots = cover('My dot-to-dot book');
    expect(dots).toContain(coverHeading('My dot-to-dot book'));
    expect(dots).not.toContain(coverHeading('My colouring book'));
    expect(cover('My colouring book')).toContain(coverHeading('My colouring book'));
  });

  it('always yields a page for a custom scene, nonsense text too', () => {
    for (const text of ['', 'qwzx blorp', 'A dragon and a unicorn having a picnic in the castle']) {
      const page = composeScenePage({
        composition: compositionFromText(text),
        title: text || 'My scene',
        level: 3,
        childName: 'Max',
        portrait,
      });
      expect(page).toContain('viewBox="0 0 210 297"');
    }
  });

  it('compose without rasterising, reporting their timings for the bench', () => {
    const t = composeTimings({ composition: ALL_SCENES[0]!.composition, title: 'Blast Off!', level: 4, childName: 'Sam', portrait }, 3);
    expect(t.scenePageMs).toBeGreaterThan(0);
    expect(t.coverPageMs).toBeGreaterThan(0);
  });
});

describe('single-photo pages', () => {
  it('put a portrait (3:4) photo on an A4 portrait page and a landscape (4:3) one on A4 turned landscape, as large as the margins allow', async () => {
    const upright = composeSinglePhotoPage({ art: photoArt(665, 887), level: 1, aspect: 'portrait' });
    const wide = composeSinglePhotoPage({ art: photoArt(887, 665), level: 4, aspect: 'landscape' });
    expect(upright).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="210mm" height="297mm" viewBox="0 0 210 297">/);
    expect(wide).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="297mm" height="210mm" viewBox="0 0 297 210">/);
    for (const [page, w, h] of [
      [upright, 210, 297],
      [wide, 297, 210],
    ] as const) {
      const box = /<svg x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"/.exec(page)!.slice(1).map(Number);
      // centred, inside the 12 mm margins, touching them on the long side
      expect(box[0]).toBeGreaterThanOrEqual(12 - 0.01);
      expect(box[1]).toBeGreaterThanOrEqual(12 - 0.01);
      expect(box[0] + box[2]).toBeLessThanOrEqual(w - 12 + 0.01);
      expect(box[1] + box[3]).toBeLessThanOrEqual(h - 12 + 0.01);
      expect(Math.max(box[2] / (w - 24), box[3] / (h - 24))).toBeCloseTo(1, 2);
      expect(page).not.toMatch(/<text\b|NaN/);
    }
    // the preview reads the landscape page's size: wider than tall
    const meta = await sharp(await renderPreviewPng(wide, 600)).metadata();
    expect(meta.width).toBe(600);
    expect(Math.abs(meta.height! - (600 * 210) / 297)).toBeLessThanOrEqual(1);
  });

  it('show the chosen level of the art', () => {
    const art = photoArt(665, 887);
    for (const level of LEVELS)
      expect(composeSinglePhotoPage({ art, level, aspect: 'portrait' })).toContain(`stroke-width="${{ 1: 16, 2: 12, 3: 9, 4: 6 }[level]}"`);
  });
});

describe('the closing page', () => {
  const words = closingPageLines({ shopUrl: 'https://shop.example/' });

  it('says how to find the pages again without a magic code or a link that carries one (a printed page gets handed around)', () => {
    const all = [words.heading, ...words.lines, words.footer].join('\n');
    expect(all).not.toMatch(/[0-9a-f]{64}|\/continue\/|\/download\//i);
    expect(all).toContain('download link');
    expect(all).toContain('in the email we sent');
    expect(all).toContain('https://shop.example/contact');
  });

  it('draws exactly those words, as outlines', () => {
    const page = composeClosingPage({ childName: 'Max', shopUrl: 'https://shop.example/' });
    let y = 189;
    for (const line of words.lines) {
      expect(page).toContain(textPath(line, { x: 105, y, size: 5.5, align: 'middle', maxWidth: 186 }));
      y += 8;
    }
    expect(page).toContain(textPath(words.footer, { x: 105, y: 288, size: 4.5, align: 'middle', maxWidth: 186 }));
  });
});

describe('preview', () => {
  it('renders a low-resolution PNG with a grey PREVIEW ONLY watermark', async () => {
    const page = composeScenePage({ composition: ALL_SCENES[0]!.composition, title: 'Blast Off!', level: 2, childName: 'Sam', portrait });
    const png = await renderPreviewPng(page);
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBe(600);
    const { data } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
    const grey = data.filter((v) => v > 90 && v < 230).length;
    expect(grey / data.length).toBeGreaterThan(0.02);
    expect((await sharp(await renderPreviewPng(page, 300)).metadata()).width).toBe(300);
  });
});
