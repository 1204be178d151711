// /admin: the owner's side. The loader asks the API who the admin cookie's token belongs to; without a live admin
// session the page is SPEC's 'Access denied' sign-in form, with one the admin-only header, the tabs and the tab's page.
// Nothing is hidden on the client: every tab's loader and action asks the API, which refuses without the session.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Outlet, useLoaderData } from '@remix-run/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { ADMIN_MESSAGES, ApiErrorCode, TRY_AGAIN_MESSAGE } from '@colouring/domain';
import { AdminHeader, AdminTabs } from '~/components/admin/admin-header';
import { AdminSignIn } from '~/components/admin/admin-sign-in';
import { ADMIN_SIGN_IN_FIELDS, AdminSignInSchema } from '~/forms/admin';
import adminStyles from '~/styles/admin.css?url';
import { adminTokenFrom, forgetAdminToken, keepAdminToken } from '~/utils/admin-session.server';
import { api, isApiError } from '~/utils/api.server';
import { CACHE_NEVER, cacheControl, pageHeaders } from '~/utils/cache';
import { formRefusal } from '~/utils/form-errors.server';
import { SITE_NAME } from '~/utils/site';
import { redirectWithToast } from '~/utils/toast.server';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: adminStyles }];

export const headers = pageHeaders;

export const meta: MetaFunction = () => [{ title: `Admin | ${SITE_NAME}` }, { name: 'robots', content: 'noindex, nofollow' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const headers = new Headers(cacheControl(CACHE_NEVER));
  const token = await adminTokenFrom(request);
  if (!token) return data({ admin: null }, { headers });
  try {
    return data({ admin: await api(request, context).adminWhoAmI(token) }, { headers });
  } catch (error) {
    if (!isApiError(error) || !error.is(ApiErrorCode.Unauthorized)) throw error;
    // Expired or signed out elsewhere: the cookie is forgotten and the sign-in form shown.
    headers.append('set-cookie', await forgetAdminToken(request));
    return data({ admin: null }, { headers });
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const headers = new Headers(cacheControl(CACHE_NEVER));
  if (form.get('intent') === 'sign-out') {
    const token = await adminTokenFrom(request);
    if (token) {
      try {
        await api(request, context).adminSignOut(token);
      } catch (error) {
        // Already expired or signed out: the cookie goes all the same.
        if (!isApiError(error) || !error.is(ApiErrorCode.Unauthorized)) throw error;
      }
    }
    headers.append('set-cookie', await forgetAdminToken(request));
    return redirectWithToast('/admin', { type: 'success', description: ADMIN_MESSAGES.signedOut }, { status: 303, headers });
  }

  const submission = parseWithZod(form, { schema: AdminSignInSchema });
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400, headers });
  }
  try {
    const signedIn = await api(request, context).adminSignIn(submission.value);
    headers.append('set-cookie', await keepAdminToken(request, signedIn.token));
    return redirect('/admin', { status: 303, headers });
  } catch (error) {
    if (!isApiError(error)) throw error;
    const reply = (status: number, formErrors: string[]) =>
      data({ result: submission.reply({ formErrors, hideFields: ['password'] }) }, { status, headers });
    if (error.is(ApiErrorCode.Unauthorized)) return reply(401, [ADMIN_MESSAGES.invalidCredentials]);
    // The lockout's own words: for how many minutes sign-in is paused.
    if (error.is(ApiErrorCode.AdminLocked)) return reply(429, [error.message]);
    const refusal = formRefusal(error, ADMIN_SIGN_IN_FIELDS, { failed: TRY_AGAIN_MESSAGE });
    return data(
      { result: submission.reply({ fieldErrors: refusal.fieldErrors, formErrors: refusal.formErrors, hideFields: ['password'] }) },
      { status: refusal.status, headers },
    );
  }
}

export default function AdminLayout() {
  const { admin } = useLoaderData<typeof loader>();
  if (!admin) return <AdminSignIn />;
  return (
    <div className="admin">
      <AdminHeader email={admin.email} />
      <div className="container admin__body">
        <h1 className="admin__title">Admin</h1>
        <AdminTabs />
        <Outlet />
      </div>
    </div>
  );
}
