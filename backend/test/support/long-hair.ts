import sharp from 'sharp';

type Pt = readonly [number, number];

/**
 * A photo given long hair in code: two locks of dark hair from above the temples past the chin, over the shoulders,
 * painted beside the face (its oval in the photo's pixels). Long hair that the photo shows is hair a test can use.
 */
export async function withLongHair(photo: Buffer, oval: readonly Pt[]): Promise<Buffer> {
  const { data, info } = await sharp(photo).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const xs = oval.map((p) => p[0]);
  const ys = oval.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const fw = x1 - x0;
  const fh = y1 - y0;
  // the hair's own colour: the middle of the photo's hair just above the face
  const rgb: number[][] = [[], [], []];
  for (let y = Math.round(y0 - 0.12 * fh); y < y0 - 0.02 * fh; y++)
    for (let x = Math.round(x0 + 0.3 * fw); x < x1 - 0.3 * fw; x++)
      for (let c = 0; c < 3; c++) rgb[c]!.push(data[(y * width + x) * 3 + c]!);
  const colour = `rgb(${rgb.map((v) => v.sort((a, b) => a - b)[v.length >> 1]).join(',')})`;
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
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${lock(-1)}${lock(1)}</svg>`;
  return sharp(photo)
    .composite([{ input: Buffer.from(svg) }])
    .png()
    .toBuffer();
}
