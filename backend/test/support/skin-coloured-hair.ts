import { hairPixels, photoAndFace, pngOf, type Pt } from './photo-hair.js';

/**
 * A photo whose hair is given the skin's own colour in code: inside the head (its outline in the photo's pixels),
 * outside the face oval, every pixel takes the colour of the cheeks, a little lighter, keeping a third of its own
 * shade and shine; below the eyes the hair waves, bands of shade darkening it by up to a quarter, as pale wavy hair
 * falls (lit evenly on top, shaded in its waves). Hair the colour cannot tell from the skin, a test can use.
 */
export async function withSkinColouredHair(photo: Buffer, head: readonly Pt[], oval: readonly Pt[]): Promise<Buffer> {
  const p = await photoAndFace(photo, oval);
  const { data, w, h, x0, x1, y0, y1 } = p;
  const { isHair, mean } = hairPixels(p, head, oval);
  // the skin: the mean of both cheeks
  const skin = [0, 0, 0];
  let k = 0;
  for (const fx of [0.25, 0.75]) {
    const [cx, cy] = [x0 + fx * (x1 - x0), y0 + 0.62 * (y1 - y0)];
    const r = 0.06 * (x1 - x0);
    for (let y = Math.round(cy - r); y <= cy + r; y++) {
      for (let x = Math.round(cx - r); x <= cx + r; x++) {
        for (let c = 0; c < 3; c++) skin[c]! += data[(y * w + x) * 3 + c]!;
        k++;
      }
    }
  }
  const pale = skin.map((v) => Math.min(255, v / k + 12));
  const out = Buffer.from(data);
  const waves = y0 + 0.4 * (y1 - y0);
  for (let i = 0; i < w * h; i++) {
    if (!isHair(i)) continue;
    const y = Math.floor(i / w);
    const shade = y < waves ? 1 : 1 - 0.25 * (0.5 - 0.5 * Math.cos((2 * Math.PI * (y - waves)) / (0.3 * (y1 - y0))));
    for (let c = 0; c < 3; c++)
      out[i * 3 + c] = Math.max(0, Math.min(255, Math.round(shade * (pale[c]! + 0.33 * (data[i * 3 + c]! - mean[c]!)))));
  }
  return pngOf(out, p);
}
