// A pair of eyes in a photo the face detector finds no face in (a cat's or a dog's close-up): two round dark blobs
// (the pupils) of about the same size, side by side, each the other's mirror image. Level 1 draws them as eyes
// (index.ts). Light blobs are not looked for: the mirror test alone passes a cup's rim or a head's two sides.

import { gaussianBlur } from '../portrait/raster.js';
import type { Lab } from './regions.js';

/** An eye on the Lab raster: centre and radius in its pixels. */
export interface Eye {
  readonly x: number;
  readonly y: number;
  readonly r: number;
}

/** The pupils' radii looked for, mm on the page: a pet's close-up (the cat's are found at 5 and 6.5). */
const RADII_MM = [5, 6.5, 8.5, 11];

export const EYES = {
  /** a pupil is darker than its surround by this much lightness (L, 0-100) at least */
  blob: 6,
  /** and near black at its centre (L at most; a cup's dark coffee is 13 and more, the cat's pupils 5 and 7) */
  pupil: 10,
  /** the two eyes' centres lie this many radii apart (the larger radius) */
  apartMin: 5,
  apartMax: 12,
  /** the line between them slopes at most this much (rise over run) */
  slope: 0.35,
  /** their radii differ by this factor at most */
  sizes: 1.6,
  /** each eye and the other's mirror image correlate this well (lightness, normalised cross-correlation) */
  mirror: 0.55,
} as const;

interface Blob extends Eye {
  /** how much darker than its surround (L) */
  readonly d: number;
}

/** Dark blobs at each radius: local maxima of the difference of two Gaussians (1.6σ less σ) of the lightness. */
function blobs(L: Float32Array, w: number, h: number, perMm: number): Blob[] {
  const found: Blob[] = [];
  for (const mm of RADII_MM) {
    const r = mm * perMm;
    const sigma = r / Math.SQRT2;
    const inner = gaussianBlur(L, w, h, sigma);
    const outer = gaussianBlur(L, w, h, 1.6 * sigma);
    const d = new Float32Array(w * h);
    for (let i = 0; i < d.length; i++) d[i] = outer[i] - inner[i];
    const step = Math.max(1, Math.round(r / 2));
    const margin = Math.ceil(r);
    for (let y = margin; y < h - margin; y++) {
      for (let x = margin; x < w - margin; x++) {
        const v = d[y * w + x];
        if (v < EYES.blob || L[y * w + x] > EYES.pupil) continue;
        let extreme = true;
        for (let yy = Math.max(0, y - step); yy <= Math.min(h - 1, y + step) && extreme; yy++) {
          for (let xx = Math.max(0, x - step); xx <= Math.min(w - 1, x + step); xx++) {
            const u = d[yy * w + xx];
            if (u > v || (u === v && yy * w + xx < y * w + x)) {
              extreme = false;
              break;
            }
          }
        }
        if (extreme) found.push({ x, y, r, d: v });
      }
    }
  }
  // one blob per place: the strongest of those whose centres lie within the other's radius
  found.sort((a, b) => b.d - a.d || a.y - b.y || a.x - b.x);
  const kept: Blob[] = [];
  for (const b of found) if (!kept.some((k) => Math.hypot(k.x - b.x, k.y - b.y) < Math.max(k.r, b.r))) kept.push(b);
  return kept.slice(0, 40);
}

/** Normalised cross-correlation of the lightness around `a` and the mirror image of that around `b`. */
function mirrorMatch(L: Float32Array, w: number, h: number, a: Blob, b: Blob): number {
  const R = Math.round(1.5 * Math.max(a.r, b.r));
  let sa = 0;
  let sb = 0;
  let saa = 0;
  let sbb = 0;
  let sab = 0;
  let n = 0;
  for (let dy = -R; dy <= R; dy++) {
    for (let dx = -R; dx <= R; dx++) {
      if (dx * dx + dy * dy > R * R) continue;
      const ax = a.x + dx;
      const ay = a.y + dy;
      const bx = b.x - dx;
      const by = b.y + dy;
      if (ax < 0 || ay < 0 || bx < 0 || by < 0 || ax >= w || bx >= w || ay >= h || by >= h) continue;
      const p = L[ay * w + ax];
      const q = L[by * w + bx];
      sa += p;
      sb += q;
      saa += p * p;
      sbb += q * q;
      sab += p * q;
      n++;
    }
  }
  if (n < 10) return 0;
  const cov = sab - (sa * sb) / n;
  const va = saa - (sa * sa) / n;
  const vb = sbb - (sb * sb) / n;
  return va > 0 && vb > 0 ? cov / Math.sqrt(va * vb) : 0;
}

/** The photo's most likely pair of eyes (image-left first), or null. `perMm`: the raster's pixels per mm of the page. */
export function findEyePair(lab: Lab, perMm: number): [Eye, Eye] | null {
  const { w, h } = lab;
  const L = new Float32Array(w * h);
  for (let i = 0; i < L.length; i++) L[i] = lab.data[i * 3];
  const found = blobs(L, w, h, perMm);
  let best: [Eye, Eye] | null = null;
  let bestScore = 0;
  for (let i = 0; i < found.length; i++) {
    for (let j = i + 1; j < found.length; j++) {
      const [a, b] = found[i].x <= found[j].x ? [found[i], found[j]] : [found[j], found[i]];
      const r = Math.max(a.r, b.r);
      if (r / Math.min(a.r, b.r) > EYES.sizes) continue;
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      const apart = Math.hypot(dx, dy);
      if (apart < EYES.apartMin * r || apart > EYES.apartMax * r || Math.abs(dy) > EYES.slope * dx) continue;
      const match = mirrorMatch(L, w, h, a, b);
      const score = match * Math.min(a.d, b.d);
      if (match >= EYES.mirror && score > bestScore) {
        bestScore = score;
        best = [
          { x: a.x, y: a.y, r: a.r },
          { x: b.x, y: b.y, r: b.r },
        ];
      }
    }
  }
  return best;
}
