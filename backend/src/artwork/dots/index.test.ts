import { fixturePhoto } from '../../../test/support/photos.js';
import { createPortraitEngine, LEVELS, type Level, type Portrait } from '../portrait/index.js';
import { dotToDot, dotToDotLayout, dotToDotOutline, type DotLayout } from './index.js';

type Point = readonly [number, number];
type Box = readonly [number, number, number, number];

const inside = (p: Point, box: Box): boolean => p[0] > box[0] && p[0] < box[2] && p[1] > box[1] && p[1] < box[3];
const overlap = (a: Box, b: Box): boolean => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

/** Points every `step` along a-b, both ends included: what a pen drawing the line passes over. */
function along(a: Point, b: Point, step: number): Point[] {
  const n = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / step));
  return Array.from({ length: n + 1 }, (_, i) => [a[0] + ((b[0] - a[0]) * i) / n, a[1] + ((b[1] - a[1]) * i) / n] as const);
}

/** The dots a page joins, as sequences: each starts at a dot marked `starts` and runs to the next such dot. */
function sequences(layout: DotLayout): DotLayout['dots'][] {
  const out: DotLayout['dots'][] = [];
  for (const dot of layout.dots) {
    if (dot.starts || out.length === 0) out.push([]);
    out[out.length - 1].push(dot);
  }
  return out;
}

const key = (p: Point): string => `${p[0]},${p[1]}`;

// Real portraits from the fixture photos (faces the engine accepts), not a drawn stand-in.
describe.each(['astronaut.png', 'grace-hopper.jpg'])('dot-to-dot pages of %s', (photo) => {
  let portrait: Portrait;
  const layouts = new Map<Level, DotLayout>();

  beforeAll(async () => {
    const engine = await createPortraitEngine();
    portrait = await engine.render(fixturePhoto(photo));
    await engine.close();
    for (const level of LEVELS) layouts.set(level, dotToDotLayout(portrait, level));
  }, 180_000);

  // SPEC: more dots, and smaller numbers, as the level rises; each level's page stays within its range.
  const ranges: Record<Level, [number, number]> = { 1: [15, 25], 2: [35, 55], 3: [60, 100], 4: [90, 135] };

  it.each(LEVELS.map((l) => [l]))('puts between the bounds of level %i dots on the page, and says how many', (level) => {
    const { dotCount, svg } = dotToDot(portrait, level as Level);
    const [lo, hi] = ranges[level as Level];
    expect(dotCount).toBeGreaterThanOrEqual(lo);
    expect(dotCount).toBeLessThanOrEqual(hi);
    expect(dotCount).toBe(layouts.get(level as Level)!.dots.length);
    // One number printed per dot, 1 to n.
    const printed = [...svg.matchAll(/<text [^>]*>(\d+)<\/text>/g)].map((m) => Number(m[1])).sort((a, b) => a - b);
    expect(printed).toEqual(Array.from({ length: dotCount }, (_, i) => i + 1));
  });

  it('gives more dots at each level than at the one below', () => {
    const counts = LEVELS.map((level) => layouts.get(level)!.dots.length);
    for (let i = 1; i < counts.length; i++) expect(counts[i]).toBeGreaterThan(counts[i - 1]);
  });

  it('keeps every dot and every number on the page', () => {
    for (const level of LEVELS) {
      const { dots, labels, dotRadius } = layouts.get(level)!;
      for (const d of dots) {
        expect(d.x - dotRadius).toBeGreaterThanOrEqual(0);
        expect(d.y - dotRadius).toBeGreaterThanOrEqual(0);
        expect(d.x + dotRadius).toBeLessThanOrEqual(portrait.width);
        expect(d.y + dotRadius).toBeLessThanOrEqual(portrait.height);
      }
      for (const { box } of labels) {
        expect(box[0]).toBeGreaterThanOrEqual(0);
        expect(box[1]).toBeGreaterThanOrEqual(0);
        expect(box[2]).toBeLessThanOrEqual(portrait.width);
        expect(box[3]).toBeLessThanOrEqual(portrait.height);
      }
    }
  });

  it('numbers the dots 1..n, one number per dot, and starts with dot 1', () => {
    for (const level of LEVELS) {
      const { dots, labels } = layouts.get(level)!;
      expect(dots.map((d) => d.n)).toEqual(dots.map((_, i) => i + 1));
      expect(labels.map((l) => l.n).sort((a, b) => a - b)).toEqual(dots.map((d) => d.n));
      expect(dots[0].starts).toBe(true);
    }
  });

  it('one sequence at level 1 (the outline); from level 2 the face too, and from level 3 the mouth', () => {
    expect(LEVELS.map((level) => sequences(layouts.get(level)!).length)).toEqual([1, 2, 3, 3]);
  });

  it('joins the dots in number order within each sequence, closing the outline and the face back to their start', () => {
    for (const level of LEVELS) {
      const layout = layouts.get(level)!;
      const expected = new Set<string>();
      for (const [index, seq] of sequences(layout).entries()) {
        for (let i = 0; i + 1 < seq.length; i++) expected.add(`${key([seq[i].x, seq[i].y])}>${key([seq[i + 1].x, seq[i + 1].y])}`);
        // The outline and the face are loops; the mouth (third sequence) is an open line.
        const last = seq[seq.length - 1];
        if (index < 2 && seq.length > 2) expected.add(`${key([last.x, last.y])}>${key([seq[0].x, seq[0].y])}`);
      }
      expect(new Set(layout.segments.map(([a, b]) => `${key(a)}>${key(b)}`))).toEqual(expected);
    }
  });

  it('never lets a number cover another number, a dot, a line to draw or a printed line', () => {
    const loop = (pts: readonly Point[], step: number): Point[] => pts.flatMap((p, k) => along(p, pts[(k + 1) % pts.length], step));
    const path = (pts: readonly Point[], step: number): Point[] => pts.slice(1).flatMap((p, k) => along(pts[k], p, step));
    for (const level of LEVELS) {
      const { labels, dots, segments, dotRadius, fontSize } = layouts.get(level)!;
      const step = fontSize / 20;
      const pen = segments.flatMap(([a, b]) => along(a, b, step));
      // Printed: the eyes at every level, the mouth while it is not dots (levels 1-2), the faint outline at level 1.
      for (const eye of portrait.eyeOutlines) pen.push(...loop(eye, step));
      if (level <= 2) pen.push(...path(portrait.features.mouth, step));
      if (level === 1) pen.push(...loop(portrait.silhouette, step));
      for (let i = 0; i < labels.length; i++) {
        const box = labels[i].box;
        for (let j = i + 1; j < labels.length; j++) expect(overlap(box, labels[j].box)).toBe(false);
        for (const d of dots) expect(overlap(box, [d.x - dotRadius, d.y - dotRadius, d.x + dotRadius, d.y + dotRadius])).toBe(false);
        expect(pen.filter((p) => inside(p, box))).toEqual([]);
      }
    }
  });

  it('shows the faint finished outline only at level 1 and uses only black and grey', () => {
    for (const level of LEVELS) {
      const { svg } = dotToDot(portrait, level);
      expect(svg.startsWith(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${portrait.width} ${portrait.height}">`)).toBe(true);
      const colours = [...svg.matchAll(/(?:fill|stroke)="([^"]*)"/g)].map((m) => m[1]);
      for (const c of colours) expect(['#000', 'none', '#c8c8c8']).toContain(c);
      expect(svg.includes('#c8c8c8')).toBe(level === 1);
    }
  });

  it('shows the finished picture after each page: the joined lines, eyes and mouth in bold lines, with no dots and no numbers', () => {
    for (const level of LEVELS) {
      const { svg } = dotToDotOutline(portrait, level);
      expect(svg.startsWith(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${portrait.width} ${portrait.height}">`)).toBe(true);
      expect(svg).not.toMatch(/<text\b/);
      // the only circles are the two pupils, at the eye centres: none where a dot was
      const circles = [...svg.matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)"/g)].map((m) => [Number(m[1]), Number(m[2])]);
      expect(circles).toEqual(portrait.features.eyes.map((e) => [Math.round(e[0] * 10) / 10, Math.round(e[1] * 10) / 10]));
      const layout = layouts.get(level)!;
      for (const d of layout.dots) expect(circles.some(([x, y]) => Math.hypot(x - d.x, y - d.y) < 0.5)).toBe(false);
      // every joined line is drawn: the path passes through every dot, in order
      const points = [...svg.matchAll(/[ML]([\d.]+) ([\d.]+)/g)].map((m) => `${m[1]},${m[2]}`);
      const f1 = (v: number): string => String(Math.round(v * 10) / 10);
      for (const d of layout.dots) expect(points).toContain(`${f1(d.x)},${f1(d.y)}`);
      // bold enough to colour inside: the joined lines are at least 1 mm wide at the portrait's print width
      const width = Number(/stroke-width="([\d.]+)"/.exec(svg)![1]);
      expect(width / (portrait.width / portrait.printWidthMm)).toBeGreaterThanOrEqual(1);
      const colours = [...svg.matchAll(/(?:fill|stroke)="([^"]*)"/g)].map((m) => m[1]);
      for (const c of colours) expect(['#000', 'none']).toContain(c);
    }
  });
});
