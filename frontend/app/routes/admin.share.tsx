// /admin/share, the Share Incentives tab: the latest 10 share vouchers with their status, the totals and the
// conversion rate with its advice. A read only: links and nothing else, so it works without JavaScript.
import type { LinksFunction, LoaderFunctionArgs } from '@remix-run/node';
import { data } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ApiErrorCode } from '@colouring/domain';
import { ShareTab } from '~/components/admin/share-tab';
import shareStyles from '~/styles/admin-share.css?url';
import { adminTokenFrom } from '~/utils/admin-session.server';
import { api, isApiError } from '~/utils/api.server';
import { CACHE_NEVER, cacheControl, pageHeaders } from '~/utils/cache';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: shareStyles }];

export const headers = pageHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const headers = cacheControl(CACHE_NEVER);
  const token = await adminTokenFrom(request);
  // Without the session the layout shows the sign-in form and this tab is not drawn; the API would refuse anyway.
  if (!token) return data({ view: null }, { headers });
  try {
    return data({ view: await api(request, context).adminShare(token) }, { headers });
  } catch (error) {
    if (isApiError(error) && error.is(ApiErrorCode.Unauthorized)) return data({ view: null }, { headers });
    throw error;
  }
}

export default function AdminShare() {
  const { view } = useLoaderData<typeof loader>();
  if (!view) return null;
  return <ShareTab view={view} />;
}
