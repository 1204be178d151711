// /admin/share, the Share Incentives tab: the latest 10 share vouchers with their status, the totals and the
// conversion rate with its advice. A read only: links and nothing else, so it works without JavaScript.
import type { LinksFunction, LoaderFunctionArgs } from '@remix-run/node';
import { data } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ShareTab } from '~/components/admin/share-tab';
import shareStyles from '~/styles/admin-share.css?url';
import { adminRead } from '~/utils/admin-tab.server';
import { api } from '~/utils/api.server';
import { CACHE_NEVER, cacheControl, pageHeaders } from '~/utils/cache';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: shareStyles }];

export const headers = pageHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const view = await adminRead(request, (token) => api(request, context).adminShare(token));
  return data({ view }, { headers: cacheControl(CACHE_NEVER) });
}

export default function AdminShare() {
  const { view } = useLoaderData<typeof loader>();
  if (!view) return null;
  return <ShareTab view={view} />;
}
