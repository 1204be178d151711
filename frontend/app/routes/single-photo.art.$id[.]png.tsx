// A page's line art for <img src="/single-photo/art/<id>.png?level=2"> in the draft's list: the browser cannot send the
// X-Magic-Code header, so this route reads the httpOnly cookie and passes the API's small PNG through unread.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { ApiErrorCode } from '@colouring/domain';
import { levelOf } from '~/forms/single-photo';
import { api, isApiError } from '~/utils/api.server';
import { CACHE_NEVER } from '~/utils/cache';
import { magicCodeFrom } from '~/utils/session.server';

const PHOTO_ID = /^[A-Za-z0-9-]{1,100}$/;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const headers = { 'Cache-Control': CACHE_NEVER };
  const magicCode = await magicCodeFrom(request);
  const id = params.id ?? '';
  const level = levelOf(new URL(request.url).searchParams.get('level'));
  if (!magicCode || !PHOTO_ID.test(id) || !level) return new Response('Not found', { status: 404, headers });
  try {
    const upstream = await api(request, context).singlePhotoArtPng(magicCode, id, level);
    const answer = new Headers({ ...headers, 'Content-Type': 'image/png' });
    const length = upstream.headers.get('content-length');
    if (length) answer.set('Content-Length', length);
    return new Response(upstream.body, { status: 200, headers: answer });
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.is(ApiErrorCode.RateLimited)) return new Response(error.userMessage, { status: 429, headers });
    const status = error.is(ApiErrorCode.NotFound, ApiErrorCode.SessionNotFound, ApiErrorCode.BadRequest) ? 404 : 502;
    return new Response(status === 404 ? 'Not found' : 'Art unavailable', { status, headers });
  }
}
