import sharp from 'sharp';
import { createPortraitEngine, type Portrait, type PortraitEngine } from '../portrait/index.js';
import { CHILD_MARGIN_MM, SCENE_STROKE } from '../scenes/compose.js';
import type { Level } from '../scenes/svg.js';
import { fixturePhoto } from '../../../test/support/photos.js';
import { withLongHair } from '../../../test/support/long-hair.js';
import { withSkinColouredHair } from '../../../test/support/skin-coloured-hair.js';
import { drawHead, headShape } from './character.js';
import { REGION_BANDS } from './regions.js';

type Pt = readonly [number, number];

const PX_PER_MM = 4;
const CHIN: [number, number] = [105, 150];

/** The head alone on a white A4 page, its chin at CHIN, `headMm` from the top of the hair to the chin. */
function headPage(p: Portrait, level: Level, headMm: number, drawAs: Level = level): string {
  const figure = { chin: CHIN, head: { x: CHIN[0] - headMm / 2, y: CHIN[1] - headMm, w: headMm, h: headMm }, silhouette: '' };
  const head = drawHead({
    portrait: p,
    art: p.levels[level],
    figure,
    level: drawAs,
    strokeMm: SCENE_STROKE[level],
    marginMm: CHILD_MARGIN_MM,
    id: 't',
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 210 297"><rect width="210" height="297" fill="#fff"/>${head.margin}${head.back}${head.front}</svg>`;
}

/** The closed regions inside the head (paper not reached from the page's edge), mm², as the page count rasterises. */
async function headRegions(svg: string): Promise<{ areasMm2: number[]; paperAt: (x: number, y: number) => 'line' | 'outside' | 'inside' }> {
  const { data, info } = await sharp(Buffer.from(svg), { density: PX_PER_MM * 25.4 })
    .resize({ width: 210 * PX_PER_MM })
    .flatten({ background: '#fff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width: w, height: h } = info;
  // 0 line, then a label per region (1 = the outside, reached from the corner)
  const label = new Int32Array(w * h).fill(-1);
  for (let i = 0; i < w * h; i++) if (data[i]! < 128) label[i] = 0;
  const stack = new Int32Array(w * h);
  const areas: number[] = [0];
  for (let start = 0, next = 1; start < w * h; start++) {
    if (label[start] !== -1) continue;
    let sp = 0;
    let area = 0;
    stack[sp++] = start;
    label[start] = next;
    while (sp) {
      const i = stack[--sp]!;
      area++;
      const x = i % w;
      for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, i >= w ? i - w : -1, i + w < w * h ? i + w : -1]) {
        if (j < 0 || label[j] !== -1) continue;
        label[j] = next;
        stack[sp++] = j;
      }
    }
    areas.push(area / PX_PER_MM ** 2);
    next++;
  }
  return {
    // under 1 mm²: anti-aliasing gaps, as the page count has them
    areasMm2: areas
      .slice(2)
      .filter((a) => a >= 1)
      .map((a) => Math.round(a)),
    paperAt: (x, y) => {
      const l = label[Math.round(y * PX_PER_MM) * w + Math.round(x * PX_PER_MM)]!;
      return l === 0 ? 'line' : l === 1 ? 'outside' : 'inside';
    },
  };
}

/** Where the head drawn over the body ends at the chin (its clip's bottom), portrait units. */
function frontCut(front: string, id: string): number {
  return Number(
    new RegExp(`<clipPath id="head-front-${id}"><path clip-rule="evenodd" d="M[\\d.-]+ [\\d.-]+H[\\d.-]+V([\\d.-]+)`).exec(front)![1],
  );
}

describe('the child head on a page', () => {
  let engine: PortraitEngine;
  const faces: { name: string; portrait: Portrait }[] = [];

  beforeAll(async () => {
    engine = await createPortraitEngine();
    const astronaut = fixturePhoto('astronaut.png');
    const grace = fixturePhoto('grace-hopper.jpg');
    const meta = await sharp(astronaut).metadata();
    const photos: [string, Buffer][] = [
      ['astronaut', astronaut],
      ['grace-hopper', grace],
      // harder cases: the head cut by the photo's top and side, a tilted head, a dim photo
      [
        'astronaut cut',
        await sharp(astronaut)
          .extract({
            left: Math.round(meta.width! * 0.12),
            top: Math.round(meta.height! * 0.08),
            width: Math.round(meta.width! * 0.7),
            height: Math.round(meta.height! * 0.85),
          })
          .png()
          .toBuffer(),
      ],
      ['grace-hopper tilted', await sharp(grace).rotate(12, { background: '#808080' }).jpeg().toBuffer()],
      ['astronaut dim', await sharp(astronaut).linear(0.45, 0).png().toBuffer()],
    ];
    for (const [name, photo] of photos) faces.push({ name, portrait: await engine.render(photo) });
    // long hair, painted on in code beside the astronaut's face down past her chin
    const short = faces[0]!.portrait;
    const k = meta.width! / short.width;
    const long = await withLongHair(
      astronaut,
      short.features.faceOutline.map((q) => [q[0] * k, q[1] * k] as const),
    );
    faces.push({ name: 'astronaut long hair', portrait: await engine.render(long) });
    // that long hair the colour of her skin
    const scale = (pts: readonly Pt[]) => pts.map((q) => [q[0] * k, q[1] * k] as const);
    const pale = await withSkinColouredHair(long, scale(faces.at(-1)!.portrait.head!), scale(short.features.faceOutline));
    faces.push({ name: 'astronaut pale long hair', portrait: await engine.render(pale) });
  }, 120_000);

  afterAll(async () => {
    await engine.close();
  });

  it('leaves no region under a thumbprint inside the level-1 head where its outline joins the portrait, at the sizes level-1 scenes draw', async () => {
    let inkedSomewhere = false;
    for (const { name, portrait } of faces) {
      for (const headMm of [44, 60]) {
        const { areasMm2, paperAt } = await headRegions(headPage(portrait, 1, headMm));
        expect({ name, headMm, small: areasMm2.filter((a) => a < REGION_BANDS[1].smallestMm2) }).toEqual({ name, headMm, small: [] });
        // still a face: the eyes inked, the face between them a region of its own, inside the head
        const eyes = portrait.features.eyes.map((e) => toPage(portrait, e, headMm));
        for (const e of eyes) expect(paperAt(e[0], e[1])).toBe('line');
        const between = toPage(
          portrait,
          [(portrait.features.eyes[0]![0] + portrait.features.eyes[1]![0]) / 2, portrait.features.eyes[0]![1]],
          headMm,
        );
        expect(paperAt(between[0], between[1])).toBe('inside');
        // the check can fail: the head cut from the silhouette (as portraits stored before the head shape have it),
        // drawn without the level-1 inking, keeps its slivers
        const plain = await headRegions(headPage({ ...portrait, head: undefined }, 1, headMm, 2));
        if (plain.areasMm2.some((a) => a < REGION_BANDS[1].smallestMm2)) inkedSomewhere = true;
      }
    }
    expect(inkedSomewhere).toBe(true);
  }, 120_000);

  it("outlines the head with a smooth line: it turns no more looked at closely than from afar (a traced edge's jags do)", () => {
    const ratio = (outline: readonly Pt[]): number => turning(outline, 400) / turning(outline, 100);
    for (const { name, portrait } of faces)
      expect({ name, smooth: ratio(headShape(portrait).outline) < 1.1 }).toEqual({ name, smooth: true });
    // the check can fail: Grace Hopper's head cut from her silhouette (as before portraits drew their head) is jagged
    const grace = faces.find((f) => f.name === 'grace-hopper')!.portrait;
    expect(ratio(headShape({ ...grace, head: undefined }).outline)).toBeGreaterThan(1.1);
  });

  it('hangs long hair behind the body: the whole head under the body, the head down to the chin over it', () => {
    const long = faces.find((f) => f.name === 'astronaut long hair')!.portrait;
    const short = faces[0]!.portrait;
    for (const level of [1, 3] as const) {
      const figure = { chin: CHIN, head: { x: CHIN[0] - 25, y: CHIN[1] - 50, w: 50, h: 50 }, silhouette: '' };
      const draw = (portrait: Portrait) =>
        drawHead({
          portrait,
          art: portrait.levels[level],
          figure,
          level,
          strokeMm: SCENE_STROKE[level],
          marginMm: CHILD_MARGIN_MM,
          id: 'h',
        });
      expect(draw(short).back).toBe('');
      const { back, front } = draw(long);
      expect(back).toContain('class="child-hair"');
      expect(front).toContain('<use href="#head-all-h"');
      // the front is cut at the chin: its clip ends within a line's width below it
      const cut = frontCut(front, 'h');
      const chin = Math.max(...long.features.faceOutline.map((q) => q[1]));
      expect(cut).toBeGreaterThan(chin);
      expect(cut).toBeLessThan(chin + 0.1 * (chin - Math.min(...long.features.faceOutline.map((q) => q[1]))));
    }
  });

  it("ends long hair over the body in rounded corners: no square corner where the chin's cut meets the hair's side", async () => {
    const long = faces.find((f) => f.name === 'astronaut long hair')!.portrait;
    const shape = headShape(long);
    const headMm = 50;
    const s = headMm / shape.h;
    const tx = CHIN[0] - shape.chin[0] * s;
    const ty = CHIN[1] - shape.chin[1] * s;
    for (const level of [2, 3, 4] as const) {
      // the body over the head from 8 mm above the chin down, as a raised arm and the shoulders are beside a close-up
      const bodyTop = CHIN[1] - 8;
      const body = `<path d="M0 ${bodyTop}H210V297H0Z"/>`;
      const head = drawHead({
        portrait: long,
        art: long.levels[level],
        figure: { chin: CHIN, head: { x: CHIN[0] - headMm / 2, y: CHIN[1] - headMm, w: headMm, h: headMm }, silhouette: body },
        level,
        strokeMm: SCENE_STROKE[level],
        marginMm: CHILD_MARGIN_MM,
        id: 'r',
      });
      const page =
        `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 210 297"><rect width="210" height="297" fill="#fff"/>` +
        `${head.margin}${head.back}<path d="M0 ${bodyTop}H210V297H0Z" fill="#fff"/>${head.front}</svg>`;
      const { paperAt } = await headRegions(page);
      // where the head's outline crosses the cut, on the page: the outermost crossing each side
      const cut = frontCut(head.front, 'r');
      const xs: number[] = [];
      const o = shape.outline;
      for (let i = 0; i < o.length; i++) {
        const a = o[i]!;
        const b = o[(i + 1) % o.length]!;
        if (a[1] < cut !== b[1] < cut) xs.push(tx + (a[0] + ((cut - a[1]) / (b[1] - a[1])) * (b[0] - a[0])) * s);
      }
      const y = ty + cut * s;
      for (const [x, inward] of [
        [Math.min(...xs), 1],
        [Math.max(...xs), -1],
      ] as const) {
        // a square corner is ink where the side meets the cut; rounded, the body shows there, and the head stays closed
        // above the rounding
        expect({ level, x, corner: paperAt(x, y) }).toEqual({ level, x, corner: 'outside' });
        expect({ level, x, closed: paperAt(x + inward * 6, y - 6) !== 'outside' }).toEqual({ level, x, closed: true });
      }
    }
  });

  it('puts long hair on the page over the white knockout round the body and under its parts, the face over them', async () => {
    const { composeScenePage } = await import('./index.js');
    const { CATALOGUE } = await import('../scenes/index.js');
    const scene = CATALOGUE[0]!.scenes[0]!;
    const portrait = faces.find((f) => f.name === 'astronaut long hair')!.portrait;
    const page = composeScenePage({ composition: scene.composition, title: scene.title, level: 2, childName: 'Sam', portrait });
    const at = ['class="child-knockout"', 'class="child-hair"', 'class="child-body"', 'class="child-head"'].map((m) => page.indexOf(m));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it('draws the same head byte for byte, and inks nothing at levels 2 to 4', () => {
    const { portrait } = faces[0]!;
    expect(headPage(portrait, 1, 44)).toBe(headPage(portrait, 1, 44));
    for (const level of [2, 3, 4] as const) expect(headPage(portrait, level, 50)).not.toMatch(/d="M[\d.-]+ [\d.-]+H/);
  });
});

/** How much a closed outline turns in all (whole turns), looked at along `parts` equal chords: a smooth line turns
 * the same at any fineness, a traced, jagged edge turns more the finer one looks. */
function turning(poly: readonly Pt[], parts: number): number {
  const cum = [0];
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!;
    const b = poly[(i + 1) % poly.length]!;
    cum.push(cum[i]! + Math.hypot(b[0] - a[0], b[1] - a[1]));
  }
  const len = cum[poly.length]!;
  const even: Pt[] = [];
  for (let k = 0, i = 0; k < parts; k++) {
    const t = (k * len) / parts;
    while (cum[i + 1]! < t) i++;
    const a = poly[i]!;
    const b = poly[(i + 1) % poly.length]!;
    const u = (t - cum[i]!) / (cum[i + 1]! - cum[i]! || 1);
    even.push([a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u]);
  }
  let sum = 0;
  for (let i = 0; i < parts; i++) {
    const [a, b, c] = [even[(i + parts - 1) % parts]!, even[i]!, even[(i + 1) % parts]!];
    const turn = Math.abs(Math.atan2(c[1] - b[1], c[0] - b[0]) - Math.atan2(b[1] - a[1], b[0] - a[0]));
    sum += Math.min(turn, 2 * Math.PI - turn);
  }
  return sum / (2 * Math.PI);
}

/** A point of the portrait where headPage puts it (the head's transform, read back from the drawn group). */
function toPage(p: Portrait, pt: readonly [number, number], headMm: number): [number, number] {
  const m = /matrix\(([\d.]+) 0 0 [\d.]+ (-?[\d.]+) (-?[\d.]+)\)/.exec(headPage(p, 1, headMm))!;
  const [s, tx, ty] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return [pt[0] * s + tx, pt[1] * s + ty];
}
