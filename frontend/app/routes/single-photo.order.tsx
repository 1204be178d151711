// The single-photo page's script sends its order here, one request at a time: `start` (a draft with the email: an empty
// draft of this browser is reused, otherwise a new one so nothing is added twice), then `add` for each photo with its
// crop, level and aspect. Answers JSON; the page then goes to /checkout. Without JavaScript the page's own action serves.
import type { ActionFunctionArgs } from '@remix-run/node';
import { SINGLE_PHOTO_MESSAGES } from '@colouring/domain';
import { parseWithZod } from '@conform-to/zod/v4';
import { addPhoto, draftToFill, refusalMessage } from '~/components/single-photo/draft.server';
import type { OrderStepAnswer } from '~/components/single-photo/order-steps';
import { SinglePhotoEmailSchema } from '~/forms/single-photo';
import { api, isApiError } from '~/utils/api.server';
import { CACHE_NEVER } from '~/utils/cache';
import { magicCodeFrom } from '~/utils/session.server';

function answer(body: OrderStepAnswer, status: number, setCookie: string | null = null): Response {
  const headers = new Headers({ 'Cache-Control': CACHE_NEVER });
  if (setCookie) headers.append('Set-Cookie', setCookie);
  return Response.json(body, { status, headers });
}

export async function loader() {
  return new Response('Not found', { status: 404, headers: { 'Cache-Control': CACHE_NEVER } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const client = api(request, context);
  const step = new URL(request.url).searchParams.get('step');

  if (step === 'start') {
    const submission = parseWithZod(await request.formData(), { schema: SinglePhotoEmailSchema });
    if (submission.status !== 'success') {
      return answer({ ok: false, message: submission.error?.email?.[0] ?? SINGLE_PHOTO_MESSAGES.enterValidEmail, field: 'email' }, 400);
    }
    try {
      const { draft, setCookie } = await draftToFill(request, client, {
        email: submission.value.email,
        reuse: (existing) => existing.order.photos.length === 0,
      });
      return answer({ ok: true, sessionId: draft.order.sessionId, photoCount: 0 }, 200, setCookie);
    } catch (error) {
      if (!isApiError(error)) throw error;
      const emailError = error.fieldErrors.email;
      return answer(
        emailError ? { ok: false, message: emailError, field: 'email' } : { ok: false, message: refusalMessage(error) },
        error.statusCode >= 500 ? 502 : error.statusCode,
      );
    }
  }

  if (step === 'add') {
    const magicCode = await magicCodeFrom(request);
    // `start` came first and left its cookie; without it there is no order to add to.
    if (!magicCode) return answer({ ok: false, message: SINGLE_PHOTO_MESSAGES.createOrderFailed }, 409);
    const added = await addPhoto(request, client, async () => ({ magicCode, setCookie: null }));
    if (!added.ok) return answer({ ok: false, message: added.message, field: 'photo' }, added.status);
    return answer({ ok: true, sessionId: added.order.sessionId, photoCount: added.order.photos.length }, 200);
  }

  return answer({ ok: false, message: SINGLE_PHOTO_MESSAGES.createOrderFailed }, 400);
}
