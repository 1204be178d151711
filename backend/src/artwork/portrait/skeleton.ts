// Thinning (Zhang-Suen) and tracing of one-pixel skeletons into polylines.

import type { Mask } from './raster.js';
import type { Pt } from './trace.js';

/** Zhang-Suen thinning, in place. */
export function thin(m: Mask): void {
  const { w, h, data } = m;
  const del: number[] = [];
  let changed = true;
  while (changed) {
    changed = false;
    for (let pass = 0; pass < 2; pass++) {
      del.length = 0;
      for (let y = 1; y < h - 1; y++) {
        for (let x = 1; x < w - 1; x++) {
          const i = y * w + x;
          if (!data[i]) continue;
          const p2 = data[i - w];
          const p3 = data[i - w + 1];
          const p4 = data[i + 1];
          const p5 = data[i + w + 1];
          const p6 = data[i + w];
          const p7 = data[i + w - 1];
          const p8 = data[i - 1];
          const p9 = data[i - w - 1];
          const b = p2 + p3 + p4 + p5 + p6 + p7 + p8 + p9;
          if (b < 2 || b > 6) continue;
          const a =
            (p2 === 0 && p3 === 1 ? 1 : 0) +
            (p3 === 0 && p4 === 1 ? 1 : 0) +
            (p4 === 0 && p5 === 1 ? 1 : 0) +
            (p5 === 0 && p6 === 1 ? 1 : 0) +
            (p6 === 0 && p7 === 1 ? 1 : 0) +
            (p7 === 0 && p8 === 1 ? 1 : 0) +
            (p8 === 0 && p9 === 1 ? 1 : 0) +
            (p9 === 0 && p2 === 1 ? 1 : 0);
          if (a !== 1) continue;
          if (pass === 0) {
            if (p2 * p4 * p6 !== 0 || p4 * p6 * p8 !== 0) continue;
          } else if (p2 * p4 * p8 !== 0 || p2 * p6 * p8 !== 0) continue;
          del.push(i);
        }
      }
      for (const i of del) data[i] = 0;
      if (del.length) changed = true;
    }
  }
}

const DX = [1, 1, 0, -1, -1, -1, 0, 1];
const DY = [0, 1, 1, 1, 0, -1, -1, -1];

/** Trace a thinned mask into polylines (split at junctions). */
export function skeletonPolylines(m: Mask): Pt[][] {
  const { w, h, data } = m;
  const deg = new Uint8Array(w * h);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      if (!data[i]) continue;
      let d = 0;
      for (let k = 0; k < 8; k++) d += data[i + DY[k] * w + DX[k]];
      deg[i] = d;
    }
  }
  const visited = new Uint8Array(w * h);
  const lines: Pt[][] = [];
  const walk = (start: number): void => {
    const line: Pt[] = [[start % w, Math.floor(start / w)]];
    visited[start] = 1;
    let cur = start;
    for (;;) {
      let nxt = -1;
      const cx = cur % w;
      const cy = (cur - cx) / w;
      // prefer 4-neighbours, then diagonals
      for (const k of [0, 2, 4, 6, 1, 3, 5, 7]) {
        const x = cx + DX[k];
        const y = cy + DY[k];
        if (x < 0 || y < 0 || x >= w || y >= h) continue;
        const j = y * w + x;
        if (data[j] && !visited[j]) {
          nxt = j;
          break;
        }
      }
      if (nxt < 0) break;
      visited[nxt] = 1;
      line.push([nxt % w, Math.floor(nxt / w)]);
      if (deg[nxt] > 2) break; // junction: end this line here
      cur = nxt;
    }
    if (line.length > 1) lines.push(line);
  };
  // start from end points, then junction neighbours, then whatever is left (loops)
  for (let i = 0; i < w * h; i++) if (data[i] && !visited[i] && deg[i] === 1) walk(i);
  for (let i = 0; i < w * h; i++) if (data[i] && !visited[i] && deg[i] > 2) walk(i);
  for (let i = 0; i < w * h; i++) if (data[i] && !visited[i]) walk(i);
  return lines;
}
