import { hairColourAbove, paintOver, photoAndFace, type Pt } from './photo-hair.js';

/** The painted fringe ends this many eye widths above the brows' upper landmarks. */
export const ABOVE_BROWS = 0.25;

/**
 * A photo given a low fringe in code: a band of the photo's own hair colour across the forehead, from the hair above
 * the face oval's top down to just above the brows, its lower edge following them (straight across between them). The
 * oval, the brows' upper landmarks (image-left brow first) and the eye width are in the photo's pixels. Returns the
 * photo and the fringe's lower edge, left to right.
 */
export async function withFringe(
  photo: Buffer,
  oval: readonly Pt[],
  brows: readonly [readonly Pt[], readonly Pt[]],
  eyeWidth: number,
): Promise<{ photo: Buffer; edge: Pt[] }> {
  const face = await photoAndFace(photo, oval);
  const { x0, x1, y0, fw, fh } = face;
  const lift = ABOVE_BROWS * eyeWidth;
  const line = [...brows[0], ...brows[1]].map((p) => [p[0], p[1] - lift] as Pt).sort((p, q) => p[0] - q[0]);
  const edge: Pt[] = [[x0 - 0.02 * fw, line[0]![1]], ...line, [x1 + 0.02 * fw, line[line.length - 1]![1]]];
  const band: Pt[] = [[x0 - 0.02 * fw, y0 - 0.1 * fh], [x1 + 0.02 * fw, y0 - 0.1 * fh], ...edge.slice().reverse()];
  const colour = `rgb(${hairColourAbove(face).join(',')})`;
  const svg = `<polygon points="${band.map((p) => `${p[0].toFixed(1)},${p[1].toFixed(1)}`).join(' ')}" fill="${colour}"/>`;
  return { photo: await paintOver(photo, face, svg), edge };
}
