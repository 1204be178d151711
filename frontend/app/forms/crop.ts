// The cropper's rectangle as the create form posts it (JSON of react-easy-crop's pixels): the frontend's one reader.
import { readCrop } from '@colouring/domain';
import { z } from 'zod';
import './rules'; // zod without eval, for the CSP

/** The crop as the page reads it: the domain's one rule (readCrop), which the API applies too. */
export const CropSchema = z.string().optional().transform(readCrop);

export type CropRectangle = NonNullable<z.output<typeof CropSchema>>;
