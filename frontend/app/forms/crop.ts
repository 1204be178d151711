// The cropper's rectangle as the create form posts it (JSON of react-easy-crop's pixels): the frontend's one reader.
import { z } from 'zod';

const side = z.number().finite().nonnegative();

/**
 * Four finite non-negative numbers, rounded to whole pixels (Math.round, halves up), with width and height at
 * least 1 after rounding. Anything else (no crop, bad JSON, negative or missing numbers) is no crop at all, and
 * the API then crops around the face itself, as for a form sent without JavaScript.
 */
export const CropSchema = z
  .string()
  .optional()
  .transform((raw) => {
    if (!raw) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return null;
    }
    const rectangle = z.object({ x: side, y: side, width: side, height: side }).safeParse(parsed);
    if (!rectangle.success) return null;
    const [x, y, width, height] = [rectangle.data.x, rectangle.data.y, rectangle.data.width, rectangle.data.height].map(Math.round);
    return width! > 0 && height! > 0 ? { x: x!, y: y!, width: width!, height: height! } : null;
  });

export type CropRectangle = NonNullable<z.output<typeof CropSchema>>;
