// Face geometry from the 478 MediaPipe landmarks (468 mesh + 10 iris), in working pixels.

import { FACE_OVAL } from './analyse.js';
import type { Pt } from './trace.js';

const RIGHT_EYE = [33, 246, 161, 160, 159, 158, 157, 173, 133, 155, 154, 153, 145, 144, 163, 7];
const LEFT_EYE = [263, 466, 388, 387, 386, 385, 384, 398, 362, 382, 381, 380, 374, 373, 390, 249];
const RIGHT_BROW_UPPER = [156, 70, 63, 105, 66, 107, 55, 193];
const RIGHT_BROW_LOWER = [35, 124, 46, 53, 52, 65];
const LEFT_BROW_UPPER = [383, 300, 293, 334, 296, 336, 285, 417];
const LEFT_BROW_LOWER = [265, 353, 276, 283, 282, 295];
const LIPS_UPPER_OUTER = [61, 185, 40, 39, 37, 0, 267, 269, 270, 409, 291];
const LIPS_LOWER_OUTER = [291, 375, 321, 405, 314, 17, 84, 181, 91, 146, 61];
const LIPS_UPPER_INNER = [78, 191, 80, 81, 82, 13, 312, 311, 310, 415, 308];
const LIPS_LOWER_INNER = [78, 95, 88, 178, 87, 14, 317, 402, 318, 324, 308];

export interface Eye {
  /** outline, closed, starting at the outer corner, upper lid first */
  readonly outline: Pt[];
  readonly upper: Pt[]; // outer corner → inner corner
  readonly lower: Pt[]; // inner corner → outer corner
  readonly iris: Pt;
  readonly irisRadius: number;
  readonly centre: Pt;
  readonly width: number;
  /** lid opening / eye width */
  readonly openness: number;
}

export interface Face {
  readonly oval: Pt[];
  readonly eyes: readonly [Eye, Eye]; // image-left first
  readonly browUpper: readonly [Pt[], Pt[]];
  readonly browLower: readonly [Pt[], Pt[]];
  readonly lipsOuter: Pt[]; // closed
  readonly lipsInnerUpper: Pt[]; // corner → corner
  readonly lipsInnerLower: Pt[]; // corner → corner
  readonly mouthOpen: boolean;
  readonly mouthWidth: number;
  readonly noseTip: Pt;
  readonly noseBottom: Pt;
  readonly noseWings: readonly [Pt, Pt];
  readonly centre: Pt;
  /** distance between the eye centres */
  readonly eyeDistance: number;
  /** forehead top to chin */
  readonly height: number;
  readonly width: number;
  readonly chin: Pt;
  readonly foreheadTop: Pt;
}

const P = (mesh: readonly Pt[], ids: readonly number[]): Pt[] => ids.map((i) => [mesh[i][0], mesh[i][1]] as Pt);

function centroid(p: readonly Pt[]): Pt {
  let x = 0;
  let y = 0;
  for (const q of p) {
    x += q[0];
    y += q[1];
  }
  return [x / p.length, y / p.length];
}

const dist = (a: Pt, b: Pt): number => Math.hypot(a[0] - b[0], a[1] - b[1]);

function eye(mesh: readonly Pt[], ids: readonly number[], irisCentres: readonly number[]): Eye {
  const outline = P(mesh, ids);
  const upper = outline.slice(0, 9);
  const lower = [...outline.slice(8), outline[0]];
  const centre = centroid(outline);
  const width = dist(outline[0], outline[8]);
  // the iris whose centre is nearest to this eye (human's naming of the two irises is not the mesh's)
  let best = irisCentres[0];
  for (const c of irisCentres) if (mesh.length > c + 4 && dist(mesh[c], centre) < dist(mesh[best], centre)) best = c;
  let iris: Pt = centre;
  let irisRadius = width * 0.22;
  if (mesh.length > best + 4) {
    iris = [mesh[best][0], mesh[best][1]];
    let r = 0;
    for (let k = 1; k <= 4; k++) r += dist(mesh[best + k], iris);
    irisRadius = r / 4;
  }
  // lid opening: mean vertical gap between matching upper and lower lid points
  const up = P(mesh, [160, 159, 158]);
  const lo = P(mesh, [144, 145, 153]);
  const upL = P(mesh, [387, 386, 385]);
  const loL = P(mesh, [373, 374, 380]);
  const isRight = ids[0] === 33;
  const a = isRight ? up : upL;
  const b = isRight ? lo : loL;
  let gap = 0;
  for (let k = 0; k < 3; k++) gap += dist(a[k], b[k]);
  return { outline, upper, lower, iris, irisRadius, centre, width, openness: gap / 3 / Math.max(1, width) };
}

export function faceGeometry(mesh: readonly Pt[]): Face {
  const r = eye(mesh, RIGHT_EYE, [468, 473]);
  const l = eye(mesh, LEFT_EYE, [468, 473]);
  const eyes: [Eye, Eye] = r.centre[0] <= l.centre[0] ? [r, l] : [l, r];
  const rb: [Pt[], Pt[]] = [P(mesh, RIGHT_BROW_UPPER), P(mesh, RIGHT_BROW_LOWER)];
  const lb: [Pt[], Pt[]] = [P(mesh, LEFT_BROW_UPPER), P(mesh, LEFT_BROW_LOWER)];
  const [b0, b1] = centroid(rb[0])[0] <= centroid(lb[0])[0] ? [rb, lb] : [lb, rb];
  const lipsOuter = [...P(mesh, LIPS_UPPER_OUTER), ...P(mesh, LIPS_LOWER_OUTER).slice(1, -1)];
  const innerU = P(mesh, LIPS_UPPER_INNER);
  const innerL = P(mesh, LIPS_LOWER_INNER);
  const mouthWidth = dist(mesh[61], mesh[291]);
  const gap = (dist(mesh[13], mesh[14]) + dist(mesh[82], mesh[87]) + dist(mesh[312], mesh[317])) / 3;
  const oval = P(mesh, FACE_OVAL);
  const chin: Pt = [mesh[152][0], mesh[152][1]];
  const foreheadTop: Pt = [mesh[10][0], mesh[10][1]];
  let minX = Infinity;
  let maxX = -Infinity;
  for (const p of oval) {
    minX = Math.min(minX, p[0]);
    maxX = Math.max(maxX, p[0]);
  }
  return {
    oval,
    eyes,
    browUpper: [b0[0], b1[0]],
    browLower: [b0[1], b1[1]],
    lipsOuter,
    lipsInnerUpper: innerU,
    lipsInnerLower: innerL,
    mouthOpen: gap > 0.1 * mouthWidth,
    mouthWidth,
    noseTip: [mesh[1][0], mesh[1][1]],
    noseBottom: [mesh[2][0], mesh[2][1]],
    noseWings: [
      [mesh[98][0], mesh[98][1]],
      [mesh[327][0], mesh[327][1]],
    ],
    centre: centroid(oval),
    eyeDistance: dist(eyes[0].centre, eyes[1].centre),
    height: dist(foreheadTop, chin),
    width: maxX - minX,
    chin,
    foreheadTop,
  };
}

export { centroid, dist };
