import { hairColourAbove, paintOver, photoAndFace, type Pt } from './photo-hair.js';

/**
 * A photo given a braid in code: a plait of the hair's own colour (sampled just above the face, its oval in the
 * photo's pixels) from beside the jaw down over one shoulder, in front of the clothes: lobes leaning left and right in
 * turn, each darker at its edge, as a braid is. A braid the photo shows is a braid a test can use.
 */
export async function withBraid(photo: Buffer, oval: readonly Pt[]): Promise<Buffer> {
  const face = await photoAndFace(photo, oval);
  const { x0, y1, fw, fh } = face;
  const hair = hairColourAbove(face);
  const shade = (k: number): string => `rgb(${hair.map((v) => Math.round(v * k)).join(',')})`;
  // from beside the jaw on the photo's left, down and out over the shoulder
  const from: Pt = [x0 + 0.12 * fw, y1 - 0.15 * fh];
  const to: Pt = [x0 - 0.25 * fw, y1 + 0.9 * fh];
  const lobes = 7;
  const wide = 0.16 * fw;
  const angle = (Math.atan2(to[1] - from[1], to[0] - from[0]) * 180) / Math.PI;
  let body = '';
  for (let i = 0; i < lobes; i++) {
    const t = (i + 0.5) / lobes;
    const cx = from[0] + t * (to[0] - from[0]);
    const cy = from[1] + t * (to[1] - from[1]);
    const len = Math.hypot(to[0] - from[0], to[1] - from[1]) / lobes;
    const lean = i % 2 ? 25 : -25;
    body +=
      `<ellipse cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" rx="${(0.75 * len).toFixed(1)}" ry="${(wide / 2).toFixed(1)}" ` +
      `transform="rotate(${(angle + lean).toFixed(1)} ${cx.toFixed(1)} ${cy.toFixed(1)})" fill="${shade(0.8)}"/>` +
      `<ellipse cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" rx="${(0.55 * len).toFixed(1)}" ry="${(wide / 3).toFixed(1)}" ` +
      `transform="rotate(${(angle + lean).toFixed(1)} ${cx.toFixed(1)} ${cy.toFixed(1)})" fill="${shade(1)}"/>`;
  }
  return paintOver(photo, face, body);
}
