// Smooth closed outlines of mask regions.

import { blurMaskBox, type Mask } from './raster.js';
import { isoContours, polygonArea, simplify, smoothPoints, type Pt } from './trace.js';

/** The largest closed outline of a mask, smoothed by `sigma` px, simplified to `tol` px. */
export function outerContour(m: Mask, sigma: number, tol = 0.4): Pt[] {
  // blur and trace the mask's bounding box only (the contour cannot leave it)
  const bb = blurMaskBox(m, sigma);
  if (!bb) return [];
  const loops = isoContours(bb.f, 0.5);
  const [ox, oy] = bb.box;
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
  const clamped = best.map((p) => [Math.min(m.w, Math.max(0, p[0] + ox)), Math.min(m.h, Math.max(0, p[1] + oy))] as Pt);
  return simplify(clamped, tol, true);
}

/** Outline smoothed further by averaging (for cartoon shapes). */
export function softOutline(p: readonly Pt[], passes: number): Pt[] {
  return smoothPoints(p, true, passes);
}
