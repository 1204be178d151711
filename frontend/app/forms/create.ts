// The create and dot-to-dot forms' one schema (photo, crop, child's name, email): the page's script checks the same rules the action
// does, with the domain's words. The photo's bytes are read only by the action (photoBytesProblem).
import {
  CHILD_NAME_MAX_LENGTH,
  checkPhotoFile,
  COMPLETE_REQUIRED_FIELDS,
  EMAIL_MAX_LENGTH,
  validateChildName,
  validateDotToDotName,
  validateEmail,
} from '@colouring/domain';
import { z } from 'zod';
import { CropSchema } from './crop';
import { ruled, type Constraints } from './rules';

export const CREATE_FIELDS = ['photo', 'childName', 'email'] as const;
export type CreateField = (typeof CREATE_FIELDS)[number];

/** The products made from the child's portrait, each with its own form: /create and /dot-to-dot. */
export type PortraitProduct = 'custom_scenes' | 'dot_to_dot';

/** The two text fields alone: what the page checks while the parent types. Dot-to-dot's name says 'Please enter a valid name'. */
export function detailsSchemaFor(product: PortraitProduct) {
  return z.object({
    childName: ruled(product === 'dot_to_dot' ? validateDotToDotName : validateChildName),
    email: ruled(validateEmail),
  });
}

/** The whole form: the photo, its crop and the two text fields. */
export function createSchemaFor(product: PortraitProduct) {
  return detailsSchemaFor(product).extend({
    // An empty file input sends a part with no name and no bytes, which Conform reads as no file.
    photo: z.file({ error: COMPLETE_REQUIRED_FIELDS }),
    crop: CropSchema,
  });
}

export const CREATE_CONSTRAINTS: Constraints<CreateField> = {
  photo: { required: true },
  childName: { required: true, maxLength: CHILD_NAME_MAX_LENGTH },
  email: { required: true, maxLength: EMAIL_MAX_LENGTH },
};

/** SPEC §5's photo rules that need the file's first bytes (its type, size, name and signature): the action's check. */
export async function photoBytesProblem(photo: File): Promise<string | null> {
  const head = new Uint8Array(await photo.slice(0, 16).arrayBuffer());
  const facts = checkPhotoFile({ type: photo.type, size: photo.size, name: photo.name, head });
  return facts.ok ? null : facts.message;
}
