// A face drawn as a face in the single-photo art, beyond what the portrait engine's features draw: an oval that keeps
// clear of the eyes (a turned face's far eye lies on the landmarks' oval), the ears where the photo shows them beside
// the oval, and the nose's sides up from its base. Pure geometry on the landmarks (working pixels).

import { FACE_OVAL } from '../portrait/analyse.js';
import type { Face } from '../portrait/features.js';
import { noseBase } from '../portrait/lineart.js';
import type { DetectedFace } from '../portrait/models.js';
import { chaikin, polygonArea, type Pt } from '../portrait/trace.js';
import type { Lab } from './regions.js';

/** The eye (as levels 3-4 draw it: its outline 1.3 times its size) keeps this share of its width clear of the oval. */
const EYE_CLEARANCE = { drawn: 1.3, margin: 0.4 };

/** An oval point pushed out moves its neighbours this many points either side, less with each (a bulge, not a spike). */
const PUSH_REACH = 3;

/**
 * The landmarks' oval, pushed out where an eye comes nearer than its margin: each oval point moves out from the face's
 * centre until the eyes' points within the margin of its ray lie the margin inside it. On a face turned three-quarters
 * the far eye sits on the landmarks' oval (the mesh's edge is the cheek's, the eye's corner is past it); a face seen
 * from the front keeps its oval as it is.
 */
export function clearOfEyes(face: Face): Pt[] {
  const [cx, cy] = face.centre;
  const eyePts: Pt[] = [];
  for (const e of face.eyes) {
    for (const q of e.outline)
      eyePts.push([e.centre[0] + (q[0] - e.centre[0]) * EYE_CLEARANCE.drawn, e.centre[1] + (q[1] - e.centre[1]) * EYE_CLEARANCE.drawn]);
  }
  const margin = EYE_CLEARANCE.margin * ((face.eyes[0].width + face.eyes[1].width) / 2);
  const push = face.oval.map(([x, y]) => {
    const r = Math.hypot(x - cx, y - cy);
    if (r === 0) return 0;
    const [ux, uy] = [(x - cx) / r, (y - cy) / r];
    let need = 0;
    for (const [qx, qy] of eyePts) {
      const along = (qx - cx) * ux + (qy - cy) * uy;
      const across = Math.abs((qx - cx) * uy - (qy - cy) * ux);
      if (along > 0 && across < margin) need = Math.max(need, along + Math.sqrt(margin * margin - across * across));
    }
    return Math.max(0, need - r);
  });
  if (!push.some((p) => p > 0)) return face.oval;
  const n = push.length;
  return face.oval.map(([x, y], i) => {
    let d = 0;
    for (let k = -PUSH_REACH; k <= PUSH_REACH; k++)
      d = Math.max(d, push[(i + k + n) % n] * (0.5 + 0.5 * Math.cos((Math.PI * k) / (PUSH_REACH + 1))));
    const r = Math.hypot(x - cx, y - cy);
    return d > 0 ? ([x + ((x - cx) / r) * d, y + ((y - cy) / r) * d] as Pt) : ([x, y] as Pt);
  });
}

/** Each ear hangs between these two oval points (brow-to-eye height, down to the nose's base), image side by side. */
const EAR_ENDS = [
  [127, 132],
  [356, 361],
] as const;

/**
 * The ear's shape: it stands out `width` of its height beside the oval, widest a third of the way down; its inner
 * fold (levels 3-4) is an open curve `fold` of the ear's width out, between these shares of its height.
 */
const EAR = { width: 0.3, fold: 0.45, foldFrom: 0.2, foldTo: 0.75 };

/**
 * An ear is drawn where at least this share of it is the colour of the cheeks (hair over it, or the far side of a turned
 * face, shows no skin there), and on a side the face shows at least this share as wide as the other side.
 */
const EAR_SKIN = 0.5;
const EAR_SIDE = 0.6;
/** The colour of the cheeks within this distance (Lab, the lightness counting half: the ear's shade differs). */
const SKIN_DISTANCE = 16;
/** Mesh points on the cheeks where the skin's colour is taken, within this share of the face's width round them. */
const CHEEKS = [50, 280] as const;
const CHEEK_RADIUS = 0.08;

export interface Ear {
  /** the ear's rim, from its top on the oval out and down to its lobe on the oval */
  readonly rim: Pt[];
  /** the closed shape between the rim and the oval */
  readonly shape: Pt[];
  /** the inner fold, an open line inside the ear */
  readonly fold: Pt[];
  /** the shape's area, working pixels */
  readonly area: number;
}

/** The ear beside the oval between oval points `top` and `bottom` (FACE_OVAL positions), standing out from `centre`. */
function earShape(oval: readonly Pt[], top: number, bottom: number, centre: Pt): Ear {
  const a = oval[top];
  const b = oval[bottom];
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const len = Math.hypot(dx, dy);
  let [nx, ny] = [-dy / len, dx / len];
  const [mx, my] = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  if ((mx - centre[0]) * nx + (my - centre[1]) * ny < 0) [nx, ny] = [-nx, -ny];
  const bulge = (t: number): number => Math.sin(Math.PI * t) ** 0.7 * (1.15 - 0.45 * t);
  const at = (t: number, out: number): Pt => [a[0] + dx * t + nx * out * len * bulge(t), a[1] + dy * t + ny * out * len * bulge(t)];
  const rim = chaikin(
    Array.from({ length: 13 }, (_, k) => at(k / 12, EAR.width)),
    false,
    2,
  );
  const fold = Array.from({ length: 9 }, (_, k) => at(EAR.foldFrom + ((EAR.foldTo - EAR.foldFrom) * k) / 8, EAR.fold * EAR.width));
  // the oval between the lobe and the top (the oval runs clockwise; either way round, the short way)
  const n = oval.length;
  const step = (bottom - top + n) % n < n / 2 ? -1 : 1;
  const back: Pt[] = [];
  for (let i = (bottom + step + n) % n; i !== top; i = (i + step + n) % n) back.push(oval[i]);
  const shape = [...rim, ...back];
  return { rim, shape, fold: chaikin(fold, false, 2), area: Math.abs(polygonArea(shape)) };
}

/** The share of the polygon's pixels of the segmentation raster (working pixels × `scale`) near the colour `skin`. */
function skinShare(lab: Lab, scale: number, poly: readonly Pt[], skin: readonly [number, number, number]): number {
  const ys = poly.map((p) => p[1] * scale);
  const y0 = Math.max(0, Math.floor(Math.min(...ys)));
  const y1 = Math.min(lab.h - 1, Math.ceil(Math.max(...ys)));
  let inside = 0;
  let near = 0;
  for (let y = y0; y <= y1; y++) {
    const py = y + 0.5;
    const xs: number[] = [];
    for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
      const [ax, ay] = [poly[i][0] * scale, poly[i][1] * scale];
      const [bx, by] = [poly[j][0] * scale, poly[j][1] * scale];
      if (ay > py !== by > py) xs.push(ax + ((py - ay) / (by - ay)) * (bx - ax));
    }
    xs.sort((p, q) => p - q);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      for (let x = Math.max(0, Math.ceil(xs[k] - 0.5)); x <= Math.min(lab.w - 1, Math.floor(xs[k + 1] - 0.5)); x++) {
        const o = (y * lab.w + x) * 3;
        const d = Math.hypot((lab.data[o] - skin[0]) / 2, lab.data[o + 1] - skin[1], lab.data[o + 2] - skin[2]);
        inside++;
        if (d < SKIN_DISTANCE) near++;
      }
    }
  }
  return inside ? near / inside : 0;
}

/** The cheeks' mean colour on the segmentation raster. */
function cheekColour(lab: Lab, scale: number, mesh: DetectedFace['mesh'], faceWidth: number): [number, number, number] {
  const r = CHEEK_RADIUS * faceWidth * scale;
  const sum = [0, 0, 0];
  let n = 0;
  for (const c of CHEEKS) {
    const [cx, cy] = [mesh[c][0] * scale, mesh[c][1] * scale];
    for (let y = Math.max(0, Math.floor(cy - r)); y <= Math.min(lab.h - 1, Math.ceil(cy + r)); y++) {
      for (let x = Math.max(0, Math.floor(cx - r)); x <= Math.min(lab.w - 1, Math.ceil(cx + r)); x++) {
        if (Math.hypot(x + 0.5 - cx, y + 0.5 - cy) > r) continue;
        for (let ch = 0; ch < 3; ch++) sum[ch] += lab.data[(y * lab.w + x) * 3 + ch];
        n++;
      }
    }
  }
  return [sum[0] / n, sum[1] / n, sum[2] / n];
}

/**
 * The ears the photo shows beside the oval (`oval`: the face's drawn oval, in FACE_OVAL's order): each on a side the
 * face is seen from (not the far side of a turned face), wholly in the picture, and mostly the cheeks' colour (not
 * covered by hair). `lab`: the smoothed photo the regions are found on, `scale` of the working size.
 */
export function findEars(face: DetectedFace, geometry: Face, oval: readonly Pt[], lab: Lab, scale: number, w: number, h: number): Ear[] {
  const skin = cheekColour(lab, scale, face.mesh, geometry.width);
  const pos = (id: number): number => FACE_OVAL.indexOf(id);
  // how wide the face shows on each side of the nose's bridge, across the eyes
  const bridge = face.mesh[168];
  const [ex, ey] = [geometry.eyes[1].centre[0] - geometry.eyes[0].centre[0], geometry.eyes[1].centre[1] - geometry.eyes[0].centre[1]];
  const el = Math.hypot(ex, ey);
  const reach = EAR_ENDS.map(([top]) => Math.abs(((oval[pos(top)][0] - bridge[0]) * ex + (oval[pos(top)][1] - bridge[1]) * ey) / el));
  const ears: Ear[] = [];
  EAR_ENDS.forEach(([top, bottom], k) => {
    if (reach[k] < EAR_SIDE * reach[1 - k]) return;
    const ear = earShape(oval, pos(top), pos(bottom), geometry.centre);
    if (!ear.rim.every(([x, y]) => x >= 0 && y >= 0 && x < w && y < h)) return;
    if (skinShare(lab, scale, ear.shape, skin) < EAR_SKIN) return;
    ears.push(ear);
  });
  return ears;
}

/** Mesh points up each side of the nose from its base's end (the base's first end is the mesh's 98 side). */
const NOSE_SIDES = [
  [198, 236, 174],
  [420, 456, 399],
] as const;

/**
 * The nose's side: from one end of the portrait's nose base up beside the bridge, an open line (to be smoothed). One
 * side, as a colouring book draws a nose (two made a box of it): the side the nose's tip leans to, which on a turned face
 * is the ridge against the far cheek.
 */
export function noseSide(mesh: DetectedFace['mesh'], geometry: Face): Pt[] {
  const base = noseBase(geometry);
  const [wl, wr] = geometry.noseWings;
  const tip = geometry.noseTip;
  const [ax, ay] = [wr[0] - wl[0], wr[1] - wl[1]];
  const k = (tip[0] - (wl[0] + wr[0]) / 2) * ax + (tip[1] - (wl[1] + wr[1]) / 2) * ay > 0 ? 1 : 0;
  return [base[k === 0 ? 0 : base.length - 1], ...NOSE_SIDES[k].map((i) => [mesh[i][0], mesh[i][1]] as Pt)];
}
