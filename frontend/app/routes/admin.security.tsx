// /admin/security, the Security tab: the figures, the alerts with Acknowledge, the flagged sessions (docs/decisions/028).
// It refreshes every 5 minutes (SPEC §9): with JavaScript by revalidating, without it by a <meta http-equiv="refresh">.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from '@remix-run/node';
import { data } from '@remix-run/node';
import { useLoaderData, useRevalidator } from '@remix-run/react';
import { useEffect } from 'react';
import { SECURITY_REFRESH_MS } from '@colouring/domain';
import { SecurityTab } from '~/components/admin/security-tab';
import securityStyles from '~/styles/admin-security.css?url';
import { adminAct, adminRead } from '~/utils/admin-tab.server';
import { api } from '~/utils/api.server';
import { CACHE_NEVER, cacheControl, pageHeaders } from '~/utils/cache';
import type { RouteHandle } from '~/utils/route-handle';

const TAB = '/admin/security';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: securityStyles }];

export const headers = pageHeaders;

export const handle: RouteHandle = { refreshWithoutJs: { seconds: SECURITY_REFRESH_MS / 1000, url: TAB } };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const security = await adminRead(request, (token) => api(request, context).adminSecurity(token));
  return data({ security }, { headers: cacheControl(CACHE_NEVER) });
}

/** Acknowledge an alert, answered with a toast on the tab (works without JavaScript). */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  if (form.get('intent') !== 'acknowledge') throw new Response('Unknown action', { status: 400 });
  return adminAct(request, TAB, (token) => api(request, context).adminAcknowledgeAlert(token, String(form.get('alertId') ?? '')));
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
