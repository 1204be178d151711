import type { CropInput } from '../api.js';

const isSide = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/**
 * The cropper's rectangle as the create form posts it (the JSON of a CropInput), read the same way by the page and the
 * API: four finite non-negative numbers, rounded to whole pixels (Math.round), with width and height at least 1 after
 * rounding. Anything else (no crop, bad JSON, negative or missing numbers) is no crop at all, and the API then crops
 * around the face itself, as for a form sent without JavaScript.
 */
export function readCrop(raw: string | undefined | null): CropInput | null {
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { x, y, width, height } = parsed as Record<string, unknown>;
  if (![x, y, width, height].every(isSide)) return null;
  const [left, top, wide, high] = [x, y, width, height].map((value) => Math.round(value as number)) as [number, number, number, number];
  return wide > 0 && high > 0 ? { x: left, y: top, width: wide, height: high } : null;
}
