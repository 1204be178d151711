import { hairColourAbove, paintOver, photoAndFace, type Pt } from './photo-hair.js';

/**
 * A photo given long hair in code: two locks of dark hair from above the temples past the chin, over the shoulders,
 * painted beside the face (its oval in the photo's pixels). Long hair that the photo shows is hair a test can use.
 */
export async function withLongHair(photo: Buffer, oval: readonly Pt[]): Promise<Buffer> {
  const face = await photoAndFace(photo, oval);
  const { x0, x1, y0, y1, fw, fh } = face;
  // the hair's own colour: the middle of the photo's hair just above the face
  const colour = `rgb(${hairColourAbove(face).join(',')})`;
  const lock = (side: -1 | 1): string => {
    const edge = side < 0 ? x0 : x1;
    const pts: Pt[] = [
      [edge - side * 0.05 * fw, y0 + 0.1 * fh],
      [edge + side * 0.2 * fw, y0 + 0.1 * fh],
      [edge + side * 0.32 * fw, y1 + 0.8 * fh],
      [edge - side * 0.02 * fw, y1 + 0.8 * fh],
      [edge - side * 0.02 * fw, y1 - 0.1 * fh],
    ];
    return `<polygon points="${pts.map((p) => `${p[0].toFixed(1)},${p[1].toFixed(1)}`).join(' ')}" fill="${colour}"/>`;
  };
  return paintOver(photo, face, lock(-1) + lock(1));
}
