// /admin, the Sessions tab: search by name, email or code, filter by PDF status, newest payment first, 25 a page; the
// API does all of it and refuses without the admin session. A GET form and links: it works without JavaScript.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ADMIN_PDF_FILTERS, ApiErrorCode, type AdminPdfFilter, type AdminSessionsQuery } from '@colouring/domain';
import { SessionsTab } from '~/components/admin/sessions-tab';
import { adminTokenFrom } from '~/utils/admin-session.server';
import { api, isApiError } from '~/utils/api.server';
import { CACHE_NEVER, cacheControl, pageHeaders } from '~/utils/cache';
import { redirectWithToast } from '~/utils/toast.server';

export const headers = pageHeaders;

function queryOf(url: URL): AdminSessionsQuery {
  const q = url.searchParams.get('q')?.trim().slice(0, 254) || undefined;
  const pdf = url.searchParams.get('pdf');
  const page = Number.parseInt(url.searchParams.get('page') ?? '', 10);
  return {
    q,
    pdf: (ADMIN_PDF_FILTERS as readonly string[]).includes(pdf ?? '') ? (pdf as AdminPdfFilter) : undefined,
    page: Number.isInteger(page) && page > 1 && page <= 100_000 ? page : undefined,
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const headers = cacheControl(CACHE_NEVER);
  const query = queryOf(new URL(request.url));
  const token = await adminTokenFrom(request);
  // Without the session the layout shows the sign-in form and this tab is not drawn; the API would refuse anyway.
  if (!token) return data({ query, list: null }, { headers });
  try {
    return data({ query, list: await api(request, context).adminSessions(token, query) }, { headers });
  } catch (error) {
    if (isApiError(error) && error.is(ApiErrorCode.Unauthorized)) return data({ query, list: null }, { headers });
    throw error;
  }
}

/** The list the action came from, to go back to: the same search, filter and page. */
function listUrl(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete('index');
  return `/admin${url.search}`;
}

/**
 * An action on one session, answered with a toast on the list it came from (SPEC uses browser alerts; the shop's
 * toasts also work without JavaScript). The API decides whether it may be done, and says why not.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const back = listUrl(request);
  const token = await adminTokenFrom(request);
  if (!token) return redirect('/admin', { status: 303 });
  const sessionId = String(form.get('sessionId') ?? '');
  const admin = api(request, context);
  try {
    const answer = await (async () => {
      switch (form.get('intent')) {
        case 'resend-final-email':
          return admin.adminResendFinalEmail(token, sessionId);
        case 'correct-email':
          return admin.adminCorrectEmail(token, sessionId, { email: String(form.get('email') ?? '') });
        case 'retry-pdf':
          return admin.adminRetryPdf(token, sessionId);
        default:
          throw new Response('Unknown action', { status: 400 });
      }
    })();
    return redirectWithToast(back, { type: 'success', description: answer.message }, { status: 303 });
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.is(ApiErrorCode.Unauthorized)) return redirect('/admin', { status: 303 });
    return redirectWithToast(back, { type: 'error', description: error.message }, { status: 303 });
  }
}

export default function AdminSessions() {
  const { query, list } = useLoaderData<typeof loader>();
  if (!list) return null;
  return <SessionsTab query={query} list={list} />;
}
