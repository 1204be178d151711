// /admin/security, the Security tab: the figures, the alerts with Acknowledge, the flagged sessions (docs/decisions/028).
// It refreshes every 5 minutes (SPEC §9): with JavaScript by revalidating, without it by a <meta http-equiv="refresh">.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { useLoaderData, useRevalidator } from '@remix-run/react';
import { useEffect } from 'react';
import { ApiErrorCode, SECURITY_REFRESH_MS } from '@colouring/domain';
import { SecurityTab } from '~/components/admin/security-tab';
import securityStyles from '~/styles/admin-security.css?url';
import { adminTokenFrom } from '~/utils/admin-session.server';
import { api, isApiError } from '~/utils/api.server';
import { CACHE_NEVER, cacheControl, pageHeaders } from '~/utils/cache';
import type { RouteHandle } from '~/utils/route-handle';
import { redirectWithToast } from '~/utils/toast.server';

const TAB = '/admin/security';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: securityStyles }];

export const headers = pageHeaders;

export const handle: RouteHandle = { refreshWithoutJs: { seconds: SECURITY_REFRESH_MS / 1000, url: TAB } };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const headers = cacheControl(CACHE_NEVER);
  const token = await adminTokenFrom(request);
  // Without the session the layout shows the sign-in form and this tab is not drawn; the API would refuse anyway.
  if (!token) return data({ security: null }, { headers });
  try {
    return data({ security: await api(request, context).adminSecurity(token) }, { headers });
  } catch (error) {
    if (isApiError(error) && error.is(ApiErrorCode.Unauthorized)) return data({ security: null }, { headers });
    throw error;
  }
}

/** Acknowledge an alert, answered with a toast on the tab (works without JavaScript). */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const token = await adminTokenFrom(request);
  if (!token) return redirect('/admin', { status: 303 });
  if (form.get('intent') !== 'acknowledge') throw new Response('Unknown action', { status: 400 });
  try {
    const answer = await api(request, context).adminAcknowledgeAlert(token, String(form.get('alertId') ?? ''));
    return redirectWithToast(TAB, { type: 'success', description: answer.message }, { status: 303 });
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.is(ApiErrorCode.Unauthorized)) return redirect('/admin', { status: 303 });
    return redirectWithToast(TAB, { type: 'error', description: error.message }, { status: 303 });
  }
}

export default function AdminSecurity() {
  const { security } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();

  useEffect(() => {
    const timer = window.setTimeout(() => revalidator.revalidate(), SECURITY_REFRESH_MS);
    return () => window.clearTimeout(timer);
  }, [security, revalidator]);

  if (!security) return null;
  return <SecurityTab view={security} />;
}
