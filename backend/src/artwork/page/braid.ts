// A braid (or a lock) hanging in front of a shoulder (portrait/head.ts finds it): drawn over the body, like the head.
import { n, type Level } from '../scenes/svg.js';

type Pt = readonly [number, number];

/**
 * The braid over the body, placed as the head is (`place`, its transform; `photoClip` the head's clip to the photo):
 * white, from level 3 the portrait's traced lines inside it (its plaits), then its outline as thick as the head's. At
 * level 2 it is one region: the cartoon's lines there are the clothes' under it, not the braid's. Level 1 has none:
 * between its edge, the jaw and the body's shoulder it closed a region under a thumbprint on almost every page.
 */
export function drawBraid(input: {
  braid: readonly Pt[] | undefined;
  art: string;
  level: Level;
  place: string;
  outlineUnits: number;
  photoClip: string;
  id: string;
}): string {
  if (input.level === 1 || !input.braid || input.braid.length < 3) return '';
  const d = input.braid.map((p, i) => `${i ? 'L' : 'M'}${n(p[0])} ${n(p[1])}`).join('') + 'Z';
  const plaits =
    input.level >= 3
      ? `<defs><clipPath id="braid-${input.id}"><path d="${d}"/></clipPath></defs>` +
        `<g clip-path="url(#braid-${input.id})"><g clip-path="url(#${input.photoClip})">${input.art}</g></g>`
      : '';
  return (
    `<g class="child-braid" ${input.place}><path d="${d}" fill="#fff"/>${plaits}` +
    `<path d="${d}" fill="none" stroke="#000" stroke-width="${n(input.outlineUnits)}" stroke-linejoin="round"/></g>`
  );
}
