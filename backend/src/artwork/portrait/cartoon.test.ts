import { SMILE_DEPTH, smiling } from './cartoon.js';
import type { Pt } from './trace.js';

/** How far the line's middle sags below the chord of its ends, towards the chin (the image's y grows downwards). */
function sag(line: readonly Pt[]): number {
  const a = line[0]!;
  const b = line[line.length - 1]!;
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
  const [nx, ny] = [-(b[1] - a[1]) / len, (b[0] - a[0]) / len];
  return Math.max(...line.map((p) => (p[0] - a[0]) * nx + (p[1] - a[1]) * ny));
}

/** A mouth's line from (0, 0) to (width, 0), its middle `dip` below the ends (negative: above, a frown), then turned. */
function mouth(width: number, dip: number, turn = 0): Pt[] {
  const pts: Pt[] = [];
  for (let i = 0; i <= 10; i++) {
    const t = i / 10;
    const x = t * width;
    const y = dip * 4 * t * (1 - t);
    pts.push([x * Math.cos(turn) - y * Math.sin(turn), x * Math.sin(turn) + y * Math.cos(turn)]);
  }
  return pts;
}

describe('the cartoon mouth smiles', () => {
  it('bends a flat mouth into a smile as deep as SMILE_DEPTH of its width', () => {
    const out = smiling(mouth(40, 0), 40);
    expect(sag(out)).toBeCloseTo(SMILE_DEPTH * 40, 5);
    // The corners stay where the photo put them.
    expect(out[0]).toEqual([0, 0]);
    expect(out[10]![0]).toBeCloseTo(40, 9);
    expect(out[10]![1]).toBeCloseTo(0, 9);
  });

  it('turns a frown into a smile', () => {
    const frown = mouth(40, -3);
    expect(sag(frown)).toBeLessThanOrEqual(0);
    expect(sag(smiling(frown, 40))).toBeGreaterThanOrEqual(SMILE_DEPTH * 40 - 1e-9);
  });

  it('keeps a wider smile from the photo as it is', () => {
    const wide = mouth(40, 10);
    expect(smiling(wide, 40)).toEqual(wide);
  });

  it('bends towards the chin of a tilted face', () => {
    const tilted = mouth(40, 0, 0.4);
    const out = smiling(tilted, 40);
    expect(sag(out)).toBeCloseTo(SMILE_DEPTH * 40, 5);
    // The middle moved along the chord's normal, not straight down the image.
    const dx = out[5]![0] - tilted[5]![0];
    const dy = out[5]![1] - tilted[5]![1];
    expect(dx).toBeCloseTo(-Math.sin(0.4) * SMILE_DEPTH * 40, 5);
    expect(dy).toBeCloseTo(Math.cos(0.4) * SMILE_DEPTH * 40, 5);
  });
});
