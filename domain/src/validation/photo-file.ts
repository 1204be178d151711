// Photo upload rules of SPEC §5, checked in SPEC's order. Split in two because reading pixels is I/O:
// the caller reads the leading bytes and supplies a dimensions reader (sharp on the server, Image in the browser).
import {
  PHOTO_EXTENSIONS,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_SIDE_PX,
  PHOTO_MIME_TYPES,
  PHOTO_MIN_BYTES,
  PHOTO_MIN_SIDE_PX,
} from '../constants.js';
import { accept, type Checked, refuse } from './result.js';

export const PHOTO_MESSAGES = {
  invalidType: 'Invalid file type. Please upload JPEG, PNG, or WebP images only.',
  tooLarge: 'File too large. Maximum size is 5MB.',
  tooSmall: 'File too small. Please upload a valid image.',
  invalidExtension: 'Invalid file extension. Please use .jpg, .png, or .webp files.',
  invalidContent: 'Invalid image file. Please upload a valid image.',
  unreadableDimensions: 'Could not read image dimensions.',
  dimensionsTooSmall: 'Image too small. Minimum dimensions are 200x200 pixels.',
  dimensionsTooLarge: 'Image too large. Maximum dimensions are 4000x4000 pixels.',
  validationFailed: 'File validation failed. Please try again.',
} as const;

/** Reading the file into memory failed. */
export const FILE_READ_FAILED = 'Failed to read file';
/** Cropping or converting the photo failed. */
export const FILE_PROCESS_FAILED = 'Failed to process file';
/** Label shown before an inline upload error. */
export const UPLOAD_ERROR_LABEL = 'Upload Error:';

export type PhotoFormat = 'jpeg' | 'png' | 'webp';

/** What can be known about an upload without decoding it. `head` is its first bytes (12 are enough). */
export interface PhotoFileFacts {
  readonly type: string;
  readonly size: number;
  readonly name: string;
  readonly head: Uint8Array;
}

export interface Dimensions {
  readonly width: number;
  readonly height: number;
}

export type DimensionsReader<F> = (file: F) => Dimensions | null | Promise<Dimensions | null>;

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const RIFF = [0x52, 0x49, 0x46, 0x46];
const WEBP = [0x57, 0x45, 0x42, 0x50];

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

/** The format the leading bytes prove, whatever the file claims to be. */
export function detectPhotoFormat(head: Uint8Array): PhotoFormat | null {
  if (startsWith(head, JPEG)) return 'jpeg';
  if (startsWith(head, PNG)) return 'png';
  if (startsWith(head, RIFF) && startsWith(head, WEBP, 8)) return 'webp';
  return null;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
}

/** Type, size, extension and magic bytes, in SPEC order; answers the detected format. */
export function checkPhotoFile(file: PhotoFileFacts): Checked<PhotoFormat> {
  if (!Number.isFinite(file.size) || !ArrayBuffer.isView(file.head)) return refuse(PHOTO_MESSAGES.validationFailed);
  if (!(PHOTO_MIME_TYPES as readonly string[]).includes(file.type)) return refuse(PHOTO_MESSAGES.invalidType);
  if (file.size > PHOTO_MAX_BYTES) return refuse(PHOTO_MESSAGES.tooLarge);
  if (file.size < PHOTO_MIN_BYTES) return refuse(PHOTO_MESSAGES.tooSmall);
  if (!(PHOTO_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) return refuse(PHOTO_MESSAGES.invalidExtension);
  const format = detectPhotoFormat(file.head);
  return format ? accept(format) : refuse(PHOTO_MESSAGES.invalidContent);
}

function isSide(n: number): boolean {
  return Number.isFinite(n) && n > 0;
}

/** Readable, at least 200x200 and at most 4000x4000; null means the decoder could not tell. */
export function checkPhotoDimensions(dimensions: Dimensions | null): Checked<Dimensions> {
  if (!dimensions || !isSide(dimensions.width) || !isSide(dimensions.height)) return refuse(PHOTO_MESSAGES.unreadableDimensions);
  const { width, height } = dimensions;
  if (width < PHOTO_MIN_SIDE_PX || height < PHOTO_MIN_SIDE_PX) return refuse(PHOTO_MESSAGES.dimensionsTooSmall);
  if (width > PHOTO_MAX_SIDE_PX || height > PHOTO_MAX_SIDE_PX) return refuse(PHOTO_MESSAGES.dimensionsTooLarge);
  return accept({ width, height });
}

export interface CheckedPhoto extends Dimensions {
  readonly format: PhotoFormat;
}

/**
 * Every photo rule in order. The reader runs only when the cheap checks pass; a reader that throws
 * counts as unreadable dimensions, and anything else unexpected answers the catch-all message.
 */
export async function validatePhotoFile<F extends PhotoFileFacts>(
  file: F,
  readDimensions: DimensionsReader<F>,
): Promise<Checked<CheckedPhoto>> {
  try {
    const facts = checkPhotoFile(file);
    if (!facts.ok) return facts;
    const dimensions = await Promise.resolve()
      .then(() => readDimensions(file))
      .catch(() => null);
    const size = checkPhotoDimensions(dimensions);
    return size.ok ? accept({ format: facts.value, ...size.value }) : size;
  } catch {
    return refuse(PHOTO_MESSAGES.validationFailed);
  }
}
