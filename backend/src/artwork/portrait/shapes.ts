// Smooth closed outlines of mask regions.

import { gaussianBlur, type Mask } from './raster.js';
import { isoContours, polygonArea, simplify, smoothPoints, type Pt } from './trace.js';

/** The largest closed outline of a mask, smoothed by `sigma` px, simplified to `tol` px. */
export function outerContour(m: Mask, sigma: number, tol = 0.4): Pt[] {
  const f = new Float32Array(m.w * m.h);
  for (let i = 0; i < f.length; i++) f[i] = m.data[i];
  const b = sigma > 0 ? gaussianBlur(f, m.w, m.h, sigma) : f;
  const loops = isoContours({ w: m.w, h: m.h, data: b }, 0.5);
  let best: Pt[] = [];
  let ba = 0;
  for (const l of loops) {
    const a = Math.abs(polygonArea(l));
    if (a > ba) {
      ba = a;
      best = l;
    }
  }
  if (best.length < 3) return best;
  // keep points on the image border exactly on it (the photo edge is a straight cut)
  const clamped = best.map((p) => [Math.min(m.w, Math.max(0, p[0])), Math.min(m.h, Math.max(0, p[1]))] as Pt);
  return simplify(clamped, tol, true);
}

/** Outline smoothed further by averaging (for cartoon shapes). */
export function softOutline(p: readonly Pt[], passes: number): Pt[] {
  return smoothPoints(p, true, passes);
}
