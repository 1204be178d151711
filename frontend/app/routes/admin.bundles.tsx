// /admin/bundles, the Featured Bundles tab (SPEC §6: create, activate or deactivate, change priority, delete). Each
// action is a plain POST form answered with a toast, so it all works without JavaScript; the API decides and refuses.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { ApiErrorCode, TRY_AGAIN_MESSAGE } from '@colouring/domain';
import { BundlesTab } from '~/components/admin/bundles-tab';
import { FEATURED_BUNDLE_FIELDS, FeaturedBundleSchema, FeaturedPrioritySchema } from '~/forms/admin-bundles';
import bundlesStyles from '~/styles/admin-bundles.css?url';
import { adminTokenFrom } from '~/utils/admin-session.server';
import { adminRead } from '~/utils/admin-tab.server';
import { api, isApiError, type Api } from '~/utils/api.server';
import { CACHE_NEVER, cacheControl, pageHeaders } from '~/utils/cache';
import { formRefusal } from '~/utils/form-errors.server';
import { redirectWithToast } from '~/utils/toast.server';

const TAB = '/admin/bundles';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: bundlesStyles }];

export const headers = pageHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const view = await adminRead(request, (token) => api(request, context).adminFeaturedBundles(token));
  return data({ view }, { headers: cacheControl(CACHE_NEVER) });
}

const done = (message: string) => redirectWithToast(TAB, { type: 'success', description: message }, { status: 303 });
const refused = (message: string) => redirectWithToast(TAB, { type: 'error', description: message }, { status: 303 });

/** A row's action; a bad priority and every refusal of the API come back as an error toast. */
async function rowAction(client: Api, token: string, intent: string, form: FormData): Promise<Response> {
  const id = Number.parseInt(String(form.get('id') ?? ''), 10);
  switch (intent) {
    case 'activate':
    case 'deactivate':
      return done((await client.adminSetFeaturedBundleActive(token, id, { isActive: intent === 'activate' })).message);
    case 'priority': {
      const submission = parseWithZod(form, { schema: FeaturedPrioritySchema });
      if (submission.status !== 'success') return refused(submission.error?.priority?.[0] ?? TRY_AGAIN_MESSAGE);
      return done((await client.adminSetFeaturedBundlePriority(token, id, submission.value)).message);
    }
    case 'delete':
      return done((await client.adminDeleteFeaturedBundle(token, id)).message);
    default:
      throw new Response('Unknown action', { status: 400 });
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const token = await adminTokenFrom(request);
  if (!token) return redirect(TAB, { status: 303 });
  const client = api(request, context);
  const intent = String(form.get('intent') ?? '');
  if (intent !== 'create') {
    try {
      return await rowAction(client, token, intent, form);
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (error.is(ApiErrorCode.Unauthorized)) return redirect(TAB, { status: 303 });
      // The API's own words for a refusal or a row gone; SPEC's for anything else (too many requests, a failure).
      return refused(error.isRefusal || error.is(ApiErrorCode.NotFound) ? error.message : error.userMessage);
    }
  }

  // The create form: its errors inline under each field, with or without JavaScript.
  const submission = parseWithZod(form, { schema: FeaturedBundleSchema });
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  try {
    return done((await client.adminCreateFeaturedBundle(token, submission.value)).message);
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.is(ApiErrorCode.Unauthorized)) return redirect(TAB, { status: 303 });
    const refusal = formRefusal(error, FEATURED_BUNDLE_FIELDS, { failed: TRY_AGAIN_MESSAGE });
    return data(
      { result: submission.reply({ fieldErrors: refusal.fieldErrors, formErrors: refusal.formErrors }) },
      { status: refusal.status },
    );
  }
}

export default function AdminBundles() {
  const { view } = useLoaderData<typeof loader>();
  if (!view) return null;
  return <BundlesTab view={view} />;
}
