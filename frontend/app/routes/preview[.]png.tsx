// The child's preview page for <img src="/preview.png">: the browser cannot send the X-Magic-Code header,
// so this route reads the httpOnly cookie and passes the API's watermarked PNG through unread.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { ApiErrorCode, COLOURING_LEVELS } from '@colouring/domain';
import { api, isApiError } from '~/utils/api.server';
import { CACHE_NEVER } from '~/utils/cache';
import { magicCodeFrom } from '~/utils/session.server';

const SCENE_ID = /^[a-z0-9:-]{1,80}$/i;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const magicCode = await magicCodeFrom(request);
  if (!magicCode) return new Response('Not found', { status: 404, headers: { 'Cache-Control': CACHE_NEVER } });
  const url = new URL(request.url);
  const level = COLOURING_LEVELS.find((l) => String(l.id) === url.searchParams.get('level'))?.id;
  const scene = url.searchParams.get('scene');
  try {
    const upstream = await api(request, context).previewPng(magicCode, {
      level,
      scene: scene && SCENE_ID.test(scene) ? scene : undefined,
    });
    const headers = new Headers({ 'Content-Type': 'image/png', 'Cache-Control': CACHE_NEVER });
    const length = upstream.headers.get('content-length');
    if (length) headers.set('Content-Length', length);
    return new Response(upstream.body, { status: 200, headers });
  } catch (error) {
    if (!isApiError(error)) throw error;
    // 404 while the portrait is not drawn yet, or for an unknown session; 429 past the API's per-client limit on previews;
    // anything else is the API's trouble.
    const headers = { 'Cache-Control': CACHE_NEVER };
    if (error.is(ApiErrorCode.RateLimited)) return new Response(error.userMessage, { status: 429, headers });
    const status = error.is(ApiErrorCode.NotFound, ApiErrorCode.NotReady, ApiErrorCode.SessionNotFound) ? 404 : 502;
    return new Response(status === 404 ? 'Not found' : 'Preview unavailable', { status, headers });
  }
}
