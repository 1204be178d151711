// /admin/funnel, the Funnel tab: visits, uploads, previews, checkouts started and paid orders by product for a period
// (the last 7 days unless chosen), with the conversion between each step (docs/decisions/031). A GET form: it works
// without JavaScript; the API checks the period and refuses without the admin session.
import type { LinksFunction, LoaderFunctionArgs } from '@remix-run/node';
import { data } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ApiErrorCode, type AdminFunnelQuery } from '@colouring/domain';
import { FunnelTab } from '~/components/admin/funnel-tab';
import funnelStyles from '~/styles/admin-funnel.css?url';
import { adminTokenFrom } from '~/utils/admin-session.server';
import { api, isApiError } from '~/utils/api.server';
import { CACHE_NEVER, cacheControl, pageHeaders } from '~/utils/cache';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: funnelStyles }];

export const headers = pageHeaders;

function queryOf(url: URL): AdminFunnelQuery {
  const day = (name: string) => url.searchParams.get(name)?.trim().slice(0, 10) || undefined;
  return { from: day('from'), to: day('to') };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const headers = cacheControl(CACHE_NEVER);
  const query = queryOf(new URL(request.url));
  const token = await adminTokenFrom(request);
  // Without the session the layout shows the sign-in form and this tab is not drawn; the API would refuse anyway.
  if (!token) return data({ query, funnel: null, error: null }, { headers });
  try {
    return data({ query, funnel: await api(request, context).adminFunnel(token, query), error: null }, { headers });
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.is(ApiErrorCode.Unauthorized)) return data({ query, funnel: null, error: null }, { headers });
    if (error.is(ApiErrorCode.ValidationFailed)) return data({ query, funnel: null, error: error.message }, { headers });
    throw error;
  }
}

export default function AdminFunnelRoute() {
  const { query, funnel, error } = useLoaderData<typeof loader>();
  if (!funnel && !error) return null;
  return <FunnelTab query={query} funnel={funnel} error={error} />;
}
