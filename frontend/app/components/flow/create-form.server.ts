// Reading the create form's multipart body within the page layer's limits, before its schema checks it.
import {
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type UploadHandler,
} from '@remix-run/node';
import { PHOTO_MESSAGES } from '@colouring/domain';

// The photo rule allows 5 MB; a little more is read so the domain, not the parser, names a slightly larger file.
const MAX_PART_BYTES = 6 * 1024 * 1024;
// The form sends four parts (childName, email, crop, photo): one with many more did not come from it.
const MAX_PARTS = 8;

class TooManyPartsError extends Error {}

/** Each part at most MAX_PART_BYTES, and at most MAX_PARTS of them (the page layer caps the whole body too). */
function limitedUploadHandler(): UploadHandler {
  const memory = unstable_createMemoryUploadHandler({ maxPartSize: MAX_PART_BYTES });
  let parts = 0;
  return (part) => {
    parts += 1;
    if (parts > MAX_PARTS) throw new TooManyPartsError();
    return memory(part);
  };
}

/** The form's parts, or the photo rule's message for a body that is not one the form sends. */
export async function readCreateForm(request: Request): Promise<{ ok: true; form: FormData } | { ok: false; photoError: string }> {
  try {
    return { ok: true, form: await unstable_parseMultipartFormData(request, limitedUploadHandler()) };
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return { ok: false, photoError: PHOTO_MESSAGES.tooLarge };
    if (error instanceof TypeError || error instanceof TooManyPartsError) return { ok: false, photoError: PHOTO_MESSAGES.validationFailed };
    throw error;
  }
}
