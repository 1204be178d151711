// The youngest levels promise no region too small to colour. Region borders drawn bold, the frame, a face's oval and
// an animal's eyes can still pinch off bits of paper between two lines running side by side. A sliver thinner than a
// line is inked (the line beside it grows a little thicker); a wider bit is joined to the neighbour it shares the most
// line with by wiping the line between them, rather than inked into a black blob. Joining never opens a region to the
// outside: the frame is drawn again over the picture's edge.

import { components, distanceSquaredBounded, type Mask } from '../portrait/raster.js';

/**
 * Joins every closed paper region smaller than `minArea` (pixels) to a neighbour, in place. `reach`: how far across
 * the ink a neighbour may be (about a line's width, pixels). A sliver no wider than `thin` (pixels), or a region with no
 * line that it shares with one neighbour only, is inked instead. The stubs of a wiped line left standing alone are wiped too.
 */
export function joinSmallRegions(ink: Mask, minArea: number, reach: number, thin: number): void {
  const { w, h, data } = ink;
  const R = Math.ceil(reach);
  const wipedAt = new Uint8Array(w * h);
  // each join removes one region; another round settles a region that was joined to another small one
  let anyWiped = false;
  for (let round = 0; round < 4; round++) {
    let joined = false;
    const paper = components(ink, 0, false);
    const small: number[] = [];
    for (let l = 1; l <= paper.count; l++) if (paper.areas[l] < minArea && !paper.touchesBorder[l]) small.push(l);
    if (!small.length) break;
    // bounding boxes of the small regions
    const box = new Map<number, [number, number, number, number]>(small.map((l) => [l, [w, h, -1, -1]]));
    const isSmall = new Uint8Array(paper.count + 1);
    for (const l of small) isSmall[l] = 1;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const l = paper.labels[y * w + x];
        if (!isSmall[l]) continue;
        const b = box.get(l)!;
        if (x < b[0]) b[0] = x;
        if (y < b[1]) b[1] = y;
        if (x > b[2]) b[2] = x;
        if (y > b[3]) b[3] = y;
      }
    }
    const taken = new Set<number>();
    for (const l of small) {
      if (taken.has(l)) continue;
      const [x0, y0, x1, y1] = box.get(l)!;
      // a window round the region, two reaches wide, where the line to wipe and the neighbour lie
      const bx = Math.max(0, x0 - 2 * R - 1);
      const by = Math.max(0, y0 - 2 * R - 1);
      const bw = Math.min(w - 1, x1 + 2 * R + 1) - bx + 1;
      const bh = Math.min(h - 1, y1 + 2 * R + 1) - by + 1;
      const at = (x: number, y: number): number => (by + y) * w + bx + x;
      const regionMask = (keep: (label: number) => boolean): Mask => {
        const m: Mask = { w: bw, h: bh, data: new Uint8Array(bw * bh) };
        for (let y = 0; y < bh; y++) for (let x = 0; x < bw; x++) if (keep(paper.labels[at(x, y)])) m.data[y * bw + x] = 1;
        return m;
      };
      const own = regionMask((m) => m === l);
      const inkIt = (): void => {
        for (let i = 0; i < own.data.length; i++) if (own.data[i]) data[at(i % bw, Math.floor(i / bw))] = 1;
      };
      // a sliver no wider than `thin` is inked: the line beside it only grows a little thicker
      const inside = distanceSquaredBounded(own, 0, Math.ceil(thin));
      let widest = 0;
      for (let i = 0; i < own.data.length; i++) if (own.data[i] && inside[i] > widest) widest = inside[i];
      if (2 * Math.sqrt(widest) <= thin) {
        inkIt();
        continue;
      }
      const near = distanceSquaredBounded(own, 1, R);
      // the neighbour: the paper region with the most pixels within reach
      const contact = new Map<number, number>();
      for (let y = 0; y < bh; y++) {
        for (let x = 0; x < bw; x++) {
          const m = paper.labels[at(x, y)];
          if (m && m !== l && near[y * bw + x] <= reach * reach) contact.set(m, (contact.get(m) ?? 0) + 1);
        }
      }
      let other = 0;
      let most = 0;
      for (const [m, c] of contact) {
        if (c > most || (c === most && m < other)) {
          most = c;
          other = m;
        }
      }
      if (!other) {
        inkIt();
        continue;
      }
      // wipe the ink within reach of both and out of reach of any other region: the line between the two only
      const far = distanceSquaredBounded(
        regionMask((m) => m === other),
        1,
        R,
      );
      const rest = distanceSquaredBounded(
        regionMask((m) => m !== 0 && m !== l && m !== other),
        1,
        R,
      );
      let wiped = 0;
      for (let i = 0; i < own.data.length; i++) {
        if (near[i] > reach * reach || far[i] > reach * reach || rest[i] <= reach * reach) continue;
        const j = at(i % bw, Math.floor(i / bw));
        if (data[j]) {
          wipedAt[j] = 1;
          wiped++;
        }
        data[j] = 0;
      }
      // no line of theirs alone: a bit pinched off where three lines meet
      if (!wiped) {
        inkIt();
        continue;
      }
      taken.add(l);
      taken.add(other);
      joined = true;
    }
    anyWiped ||= joined;
    // inking leaves no new small region behind; only a join may
    if (!joined) break;
  }
  if (!anyWiped) return;
  // a wiped line's stubs left standing alone (smaller than a disc of `reach`) would be marks in the middle of a region
  const pieces = components(ink, 1);
  const stubs = new Set<number>();
  for (let i = 0; i < w * h; i++) {
    if (!wipedAt[i]) continue;
    const x = i % w;
    for (const j of [i - 1, i + 1, i - w, i + w]) {
      if (j < 0 || j >= w * h || (j === i - 1 && x === 0) || (j === i + 1 && x === w - 1)) continue;
      const p = pieces.labels[j];
      if (p && pieces.areas[p] < Math.PI * reach * reach) stubs.add(p);
    }
  }
  if (stubs.size) for (let i = 0; i < w * h; i++) if (stubs.has(pieces.labels[i])) data[i] = 0;
}
