import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

const fixtures = fileURLToPath(new URL('../../../fixtures/photos/', import.meta.url));

/** A fixture photograph from the repository's fixtures/photos (sources and licences in its README). */
export function fixturePhoto(name: string): Buffer {
  return readFileSync(fixtures + name);
}

/** A plain image of the given size and format, made in memory (the repository carries no extra binaries). */
export function solidImage(width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 240, g: 200, b: 160 } } })
    .toFormat(format)
    .toBuffer();
}

/** A photo of the given size cut from a fixture, so it has real detail (and real file size). */
export function resizedFixture(name: string, width: number, height: number): Promise<Buffer> {
  return sharp(fixturePhoto(name)).resize(width, height, { fit: 'fill' }).png().toBuffer();
}

/** A tiny PNG whose header claims 30000x30000 pixels: a decompression bomb if anything tried to decode it. */
export async function decompressionBomb(): Promise<Buffer> {
  const png = Buffer.from(await resizedFixture('astronaut.png', 64, 64));
  // IHDR starts at byte 8: length(4) "IHDR"(4) width(4) height(4) …; its CRC covers type and data (17 bytes).
  png.writeUInt32BE(30000, 16);
  png.writeUInt32BE(30000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}
