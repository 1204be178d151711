import { fixturePhoto } from '../../../test/support/photos.js';
import { createPortraitEngine, LEVELS, type Level, type Portrait } from '../portrait/index.js';
import { DOT_TARGET, dotToDot, dotToDotLayout } from './index.js';

type Box = readonly [number, number, number, number];

function overlaps(a: Box, b: Box): boolean {
  return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
}

/** Does the segment a-b pass through the box? (Liang-Barsky clipping) */
function segmentHitsBox(a: readonly number[], b: readonly number[], box: Box): boolean {
  let t0 = 0;
  let t1 = 1;
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const tests: [number, number][] = [
    [-dx, a[0] - box[0]],
    [dx, box[2] - a[0]],
    [-dy, a[1] - box[1]],
    [dy, box[3] - a[1]],
  ];
  for (const [p, q] of tests) {
    if (p === 0) {
      if (q < 0) return false;
    } else {
      const r = q / p;
      if (p < 0) t0 = Math.max(t0, r);
      else t1 = Math.min(t1, r);
      if (t0 > t1) return false;
    }
  }
  return true;
}

describe('dot-to-dot pages', () => {
  let portrait: Portrait;

  beforeAll(async () => {
    const engine = await createPortraitEngine();
    portrait = await engine.render(fixturePhoto('astronaut.png'));
    await engine.close();
  }, 180_000);

  const ranges: Record<Level, [number, number]> = { 1: [15, 25], 2: [35, 55], 3: [60, 100], 4: [90, 135] };

  it.each(LEVELS.map((l) => [l]))('puts about the right number of dots on the page at level %i', (level) => {
    const { dotCount } = dotToDot(portrait, level as Level);
    const [lo, hi] = ranges[level as Level];
    expect(dotCount).toBeGreaterThanOrEqual(lo);
    expect(dotCount).toBeLessThanOrEqual(hi);
    expect(DOT_TARGET[level as Level]).toBeGreaterThanOrEqual(lo);
  });

  it('numbers the dots 1..n in drawing order, one label per dot', () => {
    for (const level of LEVELS) {
      const layout = dotToDotLayout(portrait, level);
      expect(layout.dots.map((d) => d.n)).toEqual(layout.dots.map((_, i) => i + 1));
      expect(layout.labels.map((l) => l.n).sort((a, b) => a - b)).toEqual(layout.dots.map((d) => d.n));
      expect(layout.dots[0].starts).toBe(true);
    }
  });

  it('never lets numbers overlap each other, the dots or the lines (to draw or printed)', () => {
    for (const level of LEVELS) {
      const layout = dotToDotLayout(portrait, level);
      const { labels, dots, segments, dotRadius } = layout;
      for (let i = 0; i < labels.length; i++) {
        for (let j = i + 1; j < labels.length; j++) expect(overlaps(labels[i].box, labels[j].box)).toBe(false);
        for (const d of dots)
          expect(overlaps(labels[i].box, [d.x - dotRadius, d.y - dotRadius, d.x + dotRadius, d.y + dotRadius])).toBe(false);
        for (const [a, b] of segments) expect(segmentHitsBox(a, b, labels[i].box)).toBe(false);
        if (level === 1) {
          // the faint finished outline
          const s = portrait.silhouette;
          for (let k = 0; k < s.length; k++) expect(segmentHitsBox(s[k], s[(k + 1) % s.length], labels[i].box)).toBe(false);
        }
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
});
