import sharp from 'sharp';
import { fillPolygon, type Mask } from '../../src/artwork/portrait/raster.js';

type Pt = readonly [number, number];

/**
 * A photo whose hair is made fair in code: inside the head (its outline in the photo's pixels), outside the face oval,
 * every pixel is pulled most of the way to a pale blonde near the skin's colour and its contrast cut to a fifth, as
 * very pale hair on a pale ground shows almost no edges. Fair hair the photo shows is hair a test can use.
 */
export async function withFairHair(photo: Buffer, head: readonly Pt[], oval: readonly Pt[]): Promise<Buffer> {
  const { data, info } = await sharp(photo).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width: w, height: h } = info;
  const hair: Mask = { w, h, data: new Uint8Array(w * h) };
  fillPolygon(hair, head);
  const face: Mask = { w, h, data: new Uint8Array(w * h) };
  fillPolygon(face, oval);
  const pale = [236, 214, 178];
  const mean = [0, 0, 0];
  let n = 0;
  for (let i = 0; i < w * h; i++) {
    if (!hair.data[i] || face.data[i]) continue;
    for (let c = 0; c < 3; c++) mean[c]! += data[i * 3 + c]!;
    n++;
  }
  for (let c = 0; c < 3; c++) mean[c]! /= Math.max(1, n);
  const out = Buffer.from(data);
  for (let i = 0; i < w * h; i++) {
    if (!hair.data[i] || face.data[i]) continue;
    for (let c = 0; c < 3; c++) out[i * 3 + c] = Math.max(0, Math.min(255, Math.round(pale[c]! + 0.2 * (data[i * 3 + c]! - mean[c]!))));
  }
  return sharp(out, { raw: { width: w, height: h, channels: 3 } })
    .png()
    .toBuffer();
}
