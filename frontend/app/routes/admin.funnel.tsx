// /admin/funnel, the Funnel tab: visits, uploads, previews, checkouts started and paid orders by product for a period
// (the last 7 days unless chosen), with the conversion between each step (docs/decisions/031). A GET form: it works
// without JavaScript; the API checks the period and refuses without the admin session.
import type { LinksFunction, LoaderFunctionArgs } from '@remix-run/node';
import { data } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ApiErrorCode, type AdminFunnelQuery } from '@colouring/domain';
import { FunnelTab } from '~/components/admin/funnel-tab';
import funnelStyles from '~/styles/admin-funnel.css?url';
import { adminRead } from '~/utils/admin-tab.server';
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
  try {
    const funnel = await adminRead(request, (token) => api(request, context).adminFunnel(token, query));
    return data({ query, funnel, error: null }, { headers });
  } catch (error) {
    // A period the API refuses: its words above the form.
    if (isApiError(error) && error.is(ApiErrorCode.ValidationFailed))
      return data({ query, funnel: null, error: error.message }, { headers });
    throw error;
  }
}

export default function AdminFunnelRoute() {
  const { query, funnel, error } = useLoaderData<typeof loader>();
  if (!funnel && !error) return null;
  return <FunnelTab query={query} funnel={funnel} error={error} />;
}
