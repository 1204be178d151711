import sharp from 'sharp';
import { fillPolygon, type Mask } from '../../src/artwork/portrait/raster.js';

export type Pt = readonly [number, number];

/** A photo's pixels (RGB) with the face oval's box, in the photo's pixels: what the hair-painting test photos start from. */
export interface PhotoAndFace {
  readonly data: Buffer;
  readonly w: number;
  readonly h: number;
  readonly x0: number;
  readonly x1: number;
  readonly y0: number;
  readonly y1: number;
  /** the oval's width and height */
  readonly fw: number;
  readonly fh: number;
}

export async function photoAndFace(photo: Buffer, oval: readonly Pt[]): Promise<PhotoAndFace> {
  const { data, info } = await sharp(photo).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const xs = oval.map((p) => p[0]);
  const ys = oval.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  return { data, w: info.width, h: info.height, x0, x1, y0, y1, fw: x1 - x0, fh: y1 - y0 };
}

/** The hair's own colour: the middle (per channel) of the photo's hair just above the face. */
export function hairColourAbove(p: PhotoAndFace): number[] {
  const rgb: number[][] = [[], [], []];
  for (let y = Math.round(p.y0 - 0.12 * p.fh); y < p.y0 - 0.02 * p.fh; y++)
    for (let x = Math.round(p.x0 + 0.3 * p.fw); x < p.x1 - 0.3 * p.fw; x++)
      for (let c = 0; c < 3; c++) rgb[c]!.push(p.data[(y * p.w + x) * 3 + c]!);
  return rgb.map((v) => v.sort((a, b) => a - b)[v.length >> 1]!);
}

/** Shapes painted over the photo (an SVG body in the photo's pixels), as a PNG. */
export function paintOver(photo: Buffer, p: PhotoAndFace, svgBody: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${p.w}" height="${p.h}">${svgBody}</svg>`;
  return sharp(photo)
    .composite([{ input: Buffer.from(svg) }])
    .png()
    .toBuffer();
}

/**
 * The hair in a photo: inside the head (its outline in the photo's pixels), outside the face oval; and the mean colour
 * of those pixels.
 */
export function hairPixels(p: PhotoAndFace, head: readonly Pt[], oval: readonly Pt[]): { isHair: (i: number) => boolean; mean: number[] } {
  const hair: Mask = { w: p.w, h: p.h, data: new Uint8Array(p.w * p.h) };
  fillPolygon(hair, head);
  const face: Mask = { w: p.w, h: p.h, data: new Uint8Array(p.w * p.h) };
  fillPolygon(face, oval);
  const isHair = (i: number): boolean => !!hair.data[i] && !face.data[i];
  const mean = [0, 0, 0];
  let n = 0;
  for (let i = 0; i < p.w * p.h; i++) {
    if (!isHair(i)) continue;
    for (let c = 0; c < 3; c++) mean[c]! += p.data[i * 3 + c]!;
    n++;
  }
  return { isHair, mean: mean.map((v) => v / Math.max(1, n)) };
}

/** RGB pixels as a PNG. */
export const pngOf = (data: Buffer, p: PhotoAndFace): Promise<Buffer> =>
  sharp(data, { raw: { width: p.w, height: p.h, channels: 3 } })
    .png()
    .toBuffer();
