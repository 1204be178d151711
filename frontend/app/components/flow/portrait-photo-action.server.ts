// The action of the two forms that start from a photo of the child (/create and /dot-to-dot): the multipart body read
// within limits, every field checked with the product's schema, the session created by the API, the magic code kept.
import type { AppLoadContext } from '@remix-run/node';
import { data } from '@remix-run/node';
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { DOT_TO_DOT_MESSAGES, SESSION_MESSAGES } from '@colouring/domain';
import type { ToastView } from '~/components/toaster';
import { CREATE_FIELDS, createSchemaFor, photoBytesProblem, type PortraitProduct } from '~/forms/create';
import { api, isApiError } from '~/utils/api.server';
import { CACHE_NEVER, cacheControl } from '~/utils/cache';
import { formRefusal } from '~/utils/form-errors.server';
import { keepMagicCode } from '~/utils/session.server';
import { redirectWithToast } from '~/utils/toast.server';
import { readCreateForm } from './create-form.server';

/** The form's answer; a photo problem or a message for the whole form is a toast too. */
function reply(result: SubmissionResult<string[]>, status: number) {
  const message = result.error?.photo?.[0] ?? result.error?.['']?.[0];
  const toast: ToastView | null = message ? { id: crypto.randomUUID(), type: 'error', description: message } : null;
  return data({ result, toast }, { status, headers: cacheControl(CACHE_NEVER) });
}

/** Where each product goes once its session exists, and what the toast there says. */
const NEXT: Record<PortraitProduct, (childName: string, sessionId: string) => { to: string; description: string }> = {
  custom_scenes: (childName) => ({ to: '/choose-scenes', description: `Photo uploaded! Now choose ${childName}’s scenes.` }),
  dot_to_dot: (childName, sessionId) => ({
    to: `/checkout?${new URLSearchParams({ session_id: sessionId })}`,
    description: `Photo uploaded! ${childName}’s dot-to-dot book is ready to order.`,
  }),
};

export async function portraitPhotoAction(request: Request, context: AppLoadContext, product: PortraitProduct) {
  const read = await readCreateForm(request);
  if (!read.ok) return reply({ status: 'error', error: { photo: [read.photoError] } }, 400);

  // Every field's rule at once, so each message shows together; the API checks them all again and decides.
  const submission = parseWithZod(read.form, { schema: createSchemaFor(product) });
  const photo = read.form.get('photo');
  const photoProblem = photo instanceof File && photo.size > 0 ? await photoBytesProblem(photo) : null;
  if (submission.status !== 'success' || photoProblem) {
    return reply(submission.reply(photoProblem ? { fieldErrors: { photo: [photoProblem] } } : {}), 400);
  }

  const { childName, email, crop } = submission.value;
  const upstream = new FormData();
  upstream.set('childName', childName);
  upstream.set('email', email);
  if (product !== 'custom_scenes') upstream.set('product', product);
  if (crop) upstream.set('crop', JSON.stringify(crop));
  upstream.set('photo', submission.value.photo, submission.value.photo.name);
  try {
    const created = await api(request, context).createSession(upstream);
    const headers = new Headers({ 'set-cookie': await keepMagicCode(created.magicCode) });
    const next = NEXT[product](childName, created.session.id);
    return redirectWithToast(next.to, { type: 'success', description: next.description }, { status: 303, headers });
  } catch (error) {
    if (!isApiError(error)) throw error;
    const failed = product === 'dot_to_dot' ? DOT_TO_DOT_MESSAGES.saveFailed : SESSION_MESSAGES.createFailed;
    const { status, fieldErrors, formErrors } = formRefusal(error, CREATE_FIELDS, { failed });
    return reply(submission.reply({ fieldErrors, formErrors }), status);
  }
}
