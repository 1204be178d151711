// Toasts travel in a flash cookie and are rendered by the server, so they show without JavaScript too.
import { createCookieSessionStorage, redirect } from '@remix-run/node';
import { env } from './env.server';

export type ToastType = 'blank' | 'error' | 'success' | 'loading' | 'custom';

export interface Toast {
  id: string;
  type: ToastType;
  title?: string;
  description: string;
}

export type ToastInput = Omit<Toast, 'id'> & { id?: string };

const TOAST_KEY = 'toast';

const toastStorage = createCookieSessionStorage({
  cookie: {
    name: 'cmi_toast',
    sameSite: 'lax',
    path: '/',
    httpOnly: true,
    // The toast cookie carries only a message; signing keeps it from being forged into a page.
    secrets: env.cookieSecrets,
    secure: env.cookieSecure,
  },
});

function isToast(value: unknown): value is Toast {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'string' && typeof v.type === 'string' && typeof v.description === 'string';
}

export async function createToastHeaders(input: ToastInput): Promise<Headers> {
  const session = await toastStorage.getSession();
  const toast: Toast = { ...input, id: input.id ?? crypto.randomUUID() };
  session.flash(TOAST_KEY, toast);
  return new Headers({ 'set-cookie': await toastStorage.commitSession(session) });
}

export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit): Promise<Response> {
  const headers = new Headers(init?.headers);
  const toastHeaders = await createToastHeaders(toast);
  for (const cookie of toastHeaders.getSetCookie()) headers.append('set-cookie', cookie);
  return redirect(url, { ...init, headers });
}

/** Reads and consumes the pending toast; the returned headers clear the cookie when there was one. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const cookie = request.headers.get('cookie');
  if (!cookie?.includes('cmi_toast=')) return { toast: null, headers: null };
  const session = await toastStorage.getSession(cookie);
  const value: unknown = session.get(TOAST_KEY);
  return {
    toast: isToast(value) ? value : null,
    headers: new Headers({ 'set-cookie': await toastStorage.destroySession(session) }),
  };
}
