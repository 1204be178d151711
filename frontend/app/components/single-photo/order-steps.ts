// The checkout button with JavaScript: the order is made on the server one request at a time (SPEC §4: 'Creating
// Order...' meanwhile), a draft with the email first, then each photo with its crop, level and aspect, so a dozen
// photos never travel in one body. Each request goes to routes/single-photo.order.tsx.
import { SINGLE_PHOTO_MESSAGES, type LevelId, type PhotoAspect } from '@colouring/domain';
import type { CropPixels } from '~/components/flow/photo-cropper';

export const ORDER_PATH = '/single-photo/order';

/** What the endpoint answers to each step. */
export type OrderStepAnswer =
  { ok: true; sessionId: string; photoCount: number } | { ok: false; message: string; field?: 'email' | 'photo' };

export interface PhotoToSend {
  file: File;
  level: LevelId;
  aspect: PhotoAspect;
  crop: CropPixels | null;
}

export type OrderOutcome = { ok: true; sessionId: string } | { ok: false; message: string; field?: 'email' | 'photo'; photoIndex?: number };

async function post(step: 'start' | 'add', body: FormData): Promise<OrderStepAnswer> {
  let response: Response;
  try {
    response = await fetch(`${ORDER_PATH}?step=${step}`, { method: 'POST', body, headers: { accept: 'application/json' } });
  } catch {
    return { ok: false, message: SINGLE_PHOTO_MESSAGES.createOrderFailed };
  }
  const text = await response.text().catch(() => '');
  try {
    return JSON.parse(text) as OrderStepAnswer;
  } catch {
    // Not the endpoint's JSON: the page layer's own refusals (too many requests, a cross-site post) are a sentence in
    // SPEC's words; anything else (a proxy's page) is the order failing.
    const saysWhy = (response.status === 429 || response.status === 403) && text.length > 0 && text.length < 200;
    return { ok: false, message: saysWhy ? text : SINGLE_PHOTO_MESSAGES.createOrderFailed };
  }
}

/** Starts (or reuses an empty) draft with the email, then adds each photo in turn; `onPhoto` hears which one is going. */
export async function createOrder(email: string, photos: readonly PhotoToSend[], onPhoto: (index: number) => void): Promise<OrderOutcome> {
  const start = new FormData();
  start.set('email', email);
  const started = await post('start', start);
  if (!started.ok) return started;
  for (const [index, photo] of photos.entries()) {
    onPhoto(index);
    // Text first and the photo last, so the server has the fields even if the photo part is refused for size.
    const body = new FormData();
    body.set('level', String(photo.level));
    body.set('aspect', photo.aspect);
    if (photo.crop) body.set('crop', JSON.stringify(photo.crop));
    body.set('photo', photo.file, photo.file.name);
    const added = await post('add', body);
    if (!added.ok) return { ...added, photoIndex: index };
  }
  return { ok: true, sessionId: started.sessionId };
}
