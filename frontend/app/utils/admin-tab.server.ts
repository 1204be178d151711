// What every admin tab's loader and action do around the API call: take the admin's token from its cookie, and treat
// the API's 401 (no live admin session) as "show the sign-in form", which the layout (routes/admin.tsx) then does.
import { redirect } from '@remix-run/node';
import { ApiErrorCode, type AdminActionAnswer } from '@colouring/domain';
import { adminTokenFrom } from './admin-session.server';
import { isApiError } from './api.server';
import { redirectWithToast } from './toast.server';

/** A tab's read with the admin's token; null without a live admin session (the tab then draws nothing). */
export async function adminRead<T>(request: Request, read: (token: string) => Promise<T>): Promise<T | null> {
  const token = await adminTokenFrom(request);
  if (!token) return null;
  try {
    return await read(token);
  } catch (error) {
    if (isApiError(error) && error.is(ApiErrorCode.Unauthorized)) return null;
    throw error;
  }
}

/**
 * An admin action, answered on the page `back` with a toast: the API's words for what was done, or for why not
 * (SPEC uses browser alerts; toasts also work without JavaScript). Without a live admin session: the sign-in form.
 */
export async function adminAct(request: Request, back: string, act: (token: string) => Promise<AdminActionAnswer>): Promise<Response> {
  const token = await adminTokenFrom(request);
  if (!token) return redirect('/admin', { status: 303 });
  try {
    const answer = await act(token);
    return redirectWithToast(back, { type: 'success', description: answer.message }, { status: 303 });
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.is(ApiErrorCode.Unauthorized)) return redirect('/admin', { status: 303 });
    return redirectWithToast(back, { type: 'error', description: error.message }, { status: 303 });
  }
}
