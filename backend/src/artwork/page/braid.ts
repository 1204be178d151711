// A braid (or a lock) hanging in front of a shoulder (portrait/head.ts finds it): drawn over the body, like the head.
import { n, type Level } from '../scenes/svg.js';
import { REGION_BANDS } from './regions.js';

type Pt = readonly [number, number];

/**
 * The braid over the body, placed as the head is (`place`, its transform; `photoClip` the head's clip to the photo):
 * white, from level 3 the portrait's traced lines inside it (its plaits), then its outline as thick as the head's. At
 * level 2 it is one region: the cartoon's lines there are the clothes' under it, not the braid's. A braid smaller on
 * the page than the level's smallest region (the paper inside its outline) is inked solid. At level 1 the gap between
 * its edge, the jaw and the body's shoulder, and what it cuts off the arm beneath, are inked by the head (character.ts).
 */
export function drawBraid(input: {
  braid: readonly Pt[] | undefined;
  art: string;
  level: Level;
  place: string;
  /** the head's scale: mm on the page per portrait unit */
  scale: number;
  outlineUnits: number;
  photoClip: string;
  id: string;
}): string {
  if (!input.braid || input.braid.length < 3) return '';
  const d = input.braid.map((p, i) => `${i ? 'L' : 'M'}${n(p[0])} ${n(p[1])}`).join('') + 'Z';
  // the paper inside its outline: its area less the outline's inner half along it
  let area = 0;
  let length = 0;
  for (let i = 0, j = input.braid.length - 1; i < input.braid.length; j = i++) {
    const [a, b] = [input.braid[j]!, input.braid[i]!];
    area += (a[0] + b[0]) * (a[1] - b[1]);
    length += Math.hypot(b[0] - a[0], b[1] - a[1]);
  }
  const paper = Math.abs(area / 2) - (length * input.outlineUnits) / 2;
  const solid = paper * input.scale ** 2 < REGION_BANDS[input.level].smallestMm2;
  const plaits =
    input.level >= 3 && !solid
      ? `<defs><clipPath id="braid-${input.id}"><path d="${d}"/></clipPath></defs>` +
        `<g clip-path="url(#braid-${input.id})"><g clip-path="url(#${input.photoClip})">${input.art}</g></g>`
      : '';
  return (
    `<g class="child-braid" ${input.place}><path d="${d}" fill="${solid ? '#000' : '#fff'}"/>${plaits}` +
    `<path d="${d}" fill="none" stroke="#000" stroke-width="${n(input.outlineUnits)}" stroke-linejoin="round"/></g>`
  );
}
