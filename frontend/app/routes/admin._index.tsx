// /admin, the Sessions tab: search by name, email or code, filter by PDF status, newest payment first, 25 a page; the
// API does all of it and refuses without the admin session. A GET form and links: it works without JavaScript.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { data } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ADMIN_PDF_FILTERS, type AdminPdfFilter, type AdminSessionsQuery } from '@colouring/domain';
import { SessionsTab } from '~/components/admin/sessions-tab';
import { adminAct, adminRead } from '~/utils/admin-tab.server';
import { api } from '~/utils/api.server';
import { CACHE_NEVER, cacheControl, pageHeaders } from '~/utils/cache';

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
  const query = queryOf(new URL(request.url));
  const list = await adminRead(request, (token) => api(request, context).adminSessions(token, query));
  return data({ query, list }, { headers: cacheControl(CACHE_NEVER) });
}

/** The list the action came from, to go back to: the same search, filter and page. */
function listUrl(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete('index');
  return `/admin${url.search}`;
}

/** An action on one session, answered with a toast on the list it came from; the API decides whether it may be done. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const sessionId = String(form.get('sessionId') ?? '');
  const admin = api(request, context);
  return adminAct(request, listUrl(request), (token) => {
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
  });
}

export default function AdminSessions() {
  const { query, list } = useLoaderData<typeof loader>();
  if (!list) return null;
  return <SessionsTab query={query} list={list} />;
}
