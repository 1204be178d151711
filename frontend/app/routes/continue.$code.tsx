import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation, useSubmit } from '@remix-run/react';
import { ApiErrorCode, isMagicCode, SESSION_LIFETIME_DAYS, SESSION_MESSAGES } from '@colouring/domain';
import { useEffect, useRef } from 'react';
import { useHydrated } from '~/components/flow/use-hydrated';
import flowStyles from '~/styles/flow.css?url';
import { api, isApiError, isSessionGone } from '~/utils/api.server';
import { CACHE_NEVER, cacheControl, pageHeaders } from '~/utils/cache';
import { pageMeta } from '~/utils/meta';
import { RESUME_AT } from '~/utils/products';
import { keepMagicCode } from '~/utils/session.server';

// The link in the email: codes are written in lower case, but a pasted one may not be.
function codeFrom(params: LoaderFunctionArgs['params']): string {
  return (params.code ?? '').trim().toLowerCase();
}

type RestoreState = { state: 'restoring' } | { state: 'not-found' } | { state: 'error'; message: string };

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: flowStyles }];

// Opening the link changes nothing: email scanners and link previews fetch it too. The restore is a POST,
// sent at once by the page's script, or by the button without JavaScript.
export function loader({ params }: LoaderFunctionArgs) {
  const headers = cacheControl(CACHE_NEVER);
  if (!isMagicCode(codeFrom(params))) return data<RestoreState>({ state: 'not-found' }, { status: 404, headers });
  return data<RestoreState>({ state: 'restoring' }, { headers });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const code = codeFrom(params);
  const headers = cacheControl(CACHE_NEVER);
  if (!isMagicCode(code)) return data<RestoreState>({ state: 'not-found' }, { status: 404, headers });
  try {
    const { paid, product } = await api(request, context).restoreSession(code);
    return redirect(paid ? '/thank-you' : RESUME_AT[product], {
      status: 303,
      headers: { 'set-cookie': await keepMagicCode(code), 'Cache-Control': CACHE_NEVER },
    });
  } catch (error) {
    if (!isApiError(error)) throw error;
    // The API's one answer for unknown, expired and malformed codes, so nothing more is revealed here either.
    if (isSessionGone(error)) return data<RestoreState>({ state: 'not-found' }, { status: 404, headers });
    return data<RestoreState>(
      { state: 'error', message: error.userMessage },
      { status: error.is(ApiErrorCode.RateLimited) ? 429 : 502, headers },
    );
  }
}

export const headers = pageHeaders;

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: 'Restoring your session',
    description: 'Pick up your colouring pages where you left off.',
    noIndex: true,
  });

export default function ContinueSession() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const hydrated = useHydrated();
  const sent = useRef(false);
  const state = actionData ?? loaderData;

  useEffect(() => {
    if (!hydrated || sent.current || loaderData.state !== 'restoring') return;
    sent.current = true;
    submit(null, { method: 'post', replace: true });
  }, [hydrated, loaderData.state, submit]);

  const busy = navigation.state !== 'idle';

  return (
    <div className="container page narrow flow-page continue-page">
      {state.state === 'restoring' ? (
        <section className="flow-card flow-card--centre" aria-labelledby="restore-title">
          {hydrated ? <div className="spinner" aria-hidden="true" /> : null}
          <div role="status">
            <h1 id="restore-title">{SESSION_MESSAGES.restoring}</h1>
          </div>
          <Form method="post" replace>
            {hydrated ? (
              <p className="field__hint">This only takes a moment.</p>
            ) : (
              <>
                <p>Press the button to pick up your colouring pages where you left off.</p>
                <button type="submit" className="button button--primary button--large" disabled={busy}>
                  Continue where I left off
                </button>
              </>
            )}
          </Form>
        </section>
      ) : (
        <section className="flow-card flow-card--centre" aria-labelledby="restore-title">
          <h1 id="restore-title">We couldn’t restore your session</h1>
          <p className="form-error" role="alert">
            {state.state === 'not-found' ? SESSION_MESSAGES.notFoundOrExpired : state.message}
          </p>
          <p>Links work for {SESSION_LIFETIME_DAYS} days. Please check you used the whole link from your email, or start again.</p>
          {state.state === 'error' ? (
            <Form method="post" replace className="button-row">
              <button type="submit" className="button button--primary" disabled={busy}>
                Try again
              </button>
            </Form>
          ) : null}
          <p className="button-row">
            <Link to="/create" className="button button--primary">
              Start again
            </Link>
            <Link to="/" className="button button--secondary">
              Back to Home
            </Link>
          </p>
        </section>
      )}
    </div>
  );
}
