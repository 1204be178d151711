import { hairPixels, photoAndFace, pngOf, type Pt } from './photo-hair.js';

/**
 * A photo whose hair is made fair in code: inside the head (its outline in the photo's pixels), outside the face oval,
 * every pixel is pulled most of the way to a pale blonde near the skin's colour and its contrast cut to a fifth, as
 * very pale hair on a pale ground shows almost no edges. Fair hair the photo shows is hair a test can use.
 */
export async function withFairHair(photo: Buffer, head: readonly Pt[], oval: readonly Pt[]): Promise<Buffer> {
  const p = await photoAndFace(photo, oval);
  const { data, w, h } = p;
  const { isHair, mean } = hairPixels(p, head, oval);
  const pale = [236, 214, 178];
  const out = Buffer.from(data);
  for (let i = 0; i < w * h; i++) {
    if (!isHair(i)) continue;
    for (let c = 0; c < 3; c++) out[i * 3 + c] = Math.max(0, Math.min(255, Math.round(pale[c]! + 0.2 * (data[i * 3 + c]! - mean[c]!))));
  }
  return pngOf(out, p);
}
