// The single-photo draft as the page's server code sees it: the order kept by the API under the session cookie, read,
// started or reused, and a photo added to it. Both the page's action (forms, without JavaScript) and the script's
// endpoint (single-photo.order.tsx) go through here.
import { ApiErrorCode, SINGLE_PHOTO_MESSAGES, type SinglePhotoOrderView } from '@colouring/domain';
import { readCreateForm } from '~/components/flow/create-form.server';
import { photoBytesProblem } from '~/forms/create';
import { AddPhotoSchema } from '~/forms/single-photo';
import { isApiError, isSessionGone, type Api, type ApiError } from '~/utils/api.server';
import { formRefusal } from '~/utils/form-errors.server';
import { keepMagicCode, magicCodeFrom } from '~/utils/session.server';

/** The browser's session is of another product (a custom-pages session): for this page that is no draft. */
function isOtherProduct(error: ApiError): boolean {
  return error.is(ApiErrorCode.WrongProduct);
}

/** Where a photo goes: the draft's magic code, and the cookie to set when it was just started. */
export interface DraftTarget {
  magicCode: string;
  setCookie: string | null;
}

export interface Draft {
  magicCode: string;
  order: SinglePhotoOrderView;
}

/** The unpaid single-photo draft this browser's cookie opens, or null (no cookie, gone, another product, already paid). */
export async function currentDraft(request: Request, client: Api): Promise<Draft | null> {
  const magicCode = await magicCodeFrom(request);
  if (!magicCode) return null;
  try {
    const order = await client.singlePhotoOrder(magicCode);
    return order.paid ? null : { magicCode, order };
  } catch (error) {
    if (isSessionGone(error) || (isApiError(error) && isOtherProduct(error))) return null;
    throw error;
  }
}

/** A draft to add to: `reuse` says which existing one will do; otherwise a new one, whose cookie goes in `setCookie`. */
export async function draftToFill(
  request: Request,
  client: Api,
  { email, reuse }: { email?: string; reuse: (draft: Draft) => boolean },
): Promise<{ draft: Draft; setCookie: string | null }> {
  const existing = await currentDraft(request, client);
  if (existing && reuse(existing)) {
    if (email !== undefined && email !== existing.order.email) {
      existing.order = await client.setSinglePhotoEmail(existing.magicCode, { email });
    }
    return { draft: existing, setCookie: null };
  }
  const started = await client.startSinglePhoto(email === undefined ? {} : { email });
  return { draft: { magicCode: started.magicCode, order: started.order }, setCookie: await keepMagicCode(started.magicCode) };
}

export type AddedPhoto =
  | { ok: true; order: SinglePhotoOrderView; setCookie: string | null }
  | { ok: false; status: number; message: string; setCookie: string | null };

/**
 * Reads one photo's form (multipart: photo, level, aspect, crop) within the page layer's limits, checks what the page
 * can check, and adds it to the draft (`target` finds or starts it once the photo passed). The API checks everything
 * again and answers once the photo's line art is drawn. A refusal is the photo rule's, the limit's or the API's words.
 */
export async function addPhoto(request: Request, client: Api, target: () => Promise<DraftTarget>): Promise<AddedPhoto> {
  const read = await readCreateForm(request);
  if (!read.ok) return { ok: false, status: 400, message: read.photoError, setCookie: null };
  const file = read.form.get('photo');
  const parsed = AddPhotoSchema.safeParse({
    photo: file instanceof File && file.size > 0 ? file : undefined,
    level: read.form.get('level'),
    aspect: read.form.get('aspect'),
    crop: read.form.get('crop') ?? undefined,
  });
  if (!parsed.success) return { ok: false, status: 400, message: SINGLE_PHOTO_MESSAGES.uploadAndCrop, setCookie: null };
  const { photo, level, aspect, crop } = parsed.data;
  const problem = await photoBytesProblem(photo);
  if (problem) return { ok: false, status: 400, message: problem, setCookie: null };

  let setCookie: string | null = null;
  try {
    const { magicCode, setCookie: cookie } = await target();
    setCookie = cookie;
    const upstream = new FormData();
    upstream.set('level', String(level));
    upstream.set('aspect', aspect);
    if (crop) upstream.set('crop', JSON.stringify(crop));
    upstream.set('photo', photo, photo.name);
    const order = await client.addSinglePhoto(magicCode, upstream);
    return { ok: true, order, setCookie };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { ok: false, status: error.statusCode >= 500 ? 502 : error.statusCode, message: refusalMessage(error, 'photo'), setCookie };
  }
}

/** What the page shows for an API error: the API's words for the field or the refusal, else 'Failed to create order'. */
export function refusalMessage(error: ApiError, field?: string): string {
  const { fieldErrors, formErrors } = formRefusal(error, field ? [field] : [], {
    failed: SINGLE_PHOTO_MESSAGES.createOrderFailed,
    // 'That photo is no longer in your order.'
    alsoRefusals: [ApiErrorCode.NotFound],
  });
  return (field ? fieldErrors[field]?.[0] : undefined) ?? formErrors[0] ?? error.message;
}
