import { BadRequestException, Injectable } from '@nestjs/common';
import sharp from 'sharp';
import { PHOTO_ASPECTS, PHOTO_MAX_SIDE_PX, PHOTO_MESSAGES, validatePhotoFile, type PhotoAspect } from '@colouring/domain';

export interface UploadedPhoto {
  mimetype: string;
  size: number;
  originalname: string;
  buffer: Buffer;
}

export interface CropRectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

// A decoded photo never holds more pixels than the largest allowed photo: a decompression bomb stops here.
const PIXEL_LIMIT = PHOTO_MAX_SIDE_PX * PHOTO_MAX_SIDE_PX;
// The portrait engine works well below this; more pixels only cost time and memory.
const STAGED_SIDE_PX = 1200;

sharp.concurrency(1);
sharp.cache(false);

const decode = (bytes: Buffer) => sharp(bytes, { failOn: 'error', limitInputPixels: PIXEL_LIMIT });

/** Checks an uploaded photo against every rule of SPEC §5 and prepares the crop its art is drawn from. */
@Injectable()
export class PhotoService {
  /** Answers 400 with the first rule the photo breaks, in SPEC's order and words. */
  async validate(photo: UploadedPhoto | undefined): Promise<void> {
    if (!photo) throw new BadRequestException({ message: PHOTO_MESSAGES.invalidType, errors: { photo: PHOTO_MESSAGES.invalidType } });
    const verdict = await validatePhotoFile(
      { type: photo.mimetype, size: photo.size, name: photo.originalname, head: photo.buffer.subarray(0, 16) },
      async () => {
        // Only the header is read here (no pixels), so a bomb's claimed size reaches the domain's dimension rule.
        const { width, height } = await sharp(photo.buffer, { limitInputPixels: false }).metadata();
        return width && height ? { width, height } : null;
      },
    );
    if (!verdict.ok) throw new BadRequestException({ message: verdict.message, errors: { photo: verdict.message } });
  }

  /**
   * EXIF-rotated, cropped to the parent's rectangle (or sharp's attention crop when none came, e.g. without JavaScript),
   * at most 1200 px, re-encoded as JPEG with every piece of metadata dropped.
   */
  async cropForPortrait(photo: UploadedPhoto, crop: CropRectangle | undefined): Promise<Buffer> {
    return this.cropped(photo, crop, 1, sharp.strategy.attention);
  }

  /**
   * A single photo's page: EXIF-rotated, cropped to the parent's rectangle (or, without one, the middle of the photo at the
   * aspect's ratio), at most 1200 px on its long side, re-encoded as JPEG with every piece of metadata dropped.
   */
  async cropForPage(photo: UploadedPhoto, aspect: PhotoAspect, crop: CropRectangle | undefined): Promise<Buffer> {
    const ratio = PHOTO_ASPECTS.find((a) => a.id === aspect)?.ratio ?? 1;
    return this.cropped(photo, crop, ratio, 'centre');
  }

  /** The crop, or without one the largest `ratio` (width / height) rectangle placed by `position`. */
  private async cropped(photo: UploadedPhoto, crop: CropRectangle | undefined, ratio: number, position: string | number): Promise<Buffer> {
    try {
      const upright = await decode(photo.buffer).rotate().toBuffer({ resolveWithObject: true });
      const { width, height } = upright.info;
      let pipeline = decode(upright.data);
      if (crop) {
        const left = clamp(Math.round(crop.x), 0, width - 1);
        const top = clamp(Math.round(crop.y), 0, height - 1);
        pipeline = pipeline.extract({
          left,
          top,
          width: clamp(Math.round(crop.width), 1, width - left),
          height: clamp(Math.round(crop.height), 1, height - top),
        });
        pipeline = decode(await pipeline.toBuffer()).resize(STAGED_SIDE_PX, STAGED_SIDE_PX, { fit: 'inside', withoutEnlargement: true });
      } else {
        const fitted = Math.min(width, height * ratio);
        const scale = Math.min(1, STAGED_SIDE_PX / Math.max(fitted, fitted / ratio));
        pipeline = pipeline.resize(Math.round(fitted * scale), Math.round((fitted / ratio) * scale), { fit: 'cover', position });
      }
      return await pipeline.jpeg({ quality: 90 }).toBuffer();
    } catch {
      throw new BadRequestException({ message: PHOTO_MESSAGES.validationFailed, errors: { photo: PHOTO_MESSAGES.validationFailed } });
    }
  }
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(Math.max(n, min), max);
}
