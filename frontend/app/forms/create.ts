// The create form's one schema (photo, crop, child's name, email): the page's script checks the same rules the action
// does, with the domain's words. The photo's bytes are read only by the action (photoBytesProblem).
import {
  CHILD_NAME_MAX_LENGTH,
  checkPhotoFile,
  COMPLETE_REQUIRED_FIELDS,
  EMAIL_MAX_LENGTH,
  validateChildName,
  validateEmail,
} from '@colouring/domain';
import { z } from 'zod';
import { CropSchema } from './crop';
import { ruled, type Constraints } from './rules';

export const CREATE_FIELDS = ['photo', 'childName', 'email'] as const;
export type CreateField = (typeof CREATE_FIELDS)[number];

/** The two text fields alone: what the page checks while the parent types. */
export const CreateDetailsSchema = z.object({
  childName: ruled(validateChildName),
  email: ruled(validateEmail),
});

export const CreateSchema = CreateDetailsSchema.extend({
  // An empty file input sends a part with no name and no bytes, which Conform reads as no file.
  photo: z.file({ error: COMPLETE_REQUIRED_FIELDS }),
  crop: CropSchema,
});

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
