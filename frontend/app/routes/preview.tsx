import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Link, useLoaderData, useRevalidator } from '@remix-run/react';
import { PREVIEW_DELAY_MS, PREVIEW_MESSAGES } from '@colouring/domain';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { ProgressBar } from '~/components/flow/progress-bar';
import flowStyles from '~/styles/flow.css?url';
import { api, isApiError, isSessionGone } from '~/utils/api.server';
import { CACHE_NEVER, cacheControl, pageHeaders } from '~/utils/cache';
import { RESUME_AT, productOf } from '~/utils/products';
import { pageMeta } from '~/utils/meta';
import type { RouteHandle } from '~/utils/route-handle';
import { forgetMagicCode, requireMagicCode } from '~/utils/session.server';

const REFRESH_SECONDS_WITHOUT_JS = 2;
// With JavaScript the portrait's progress is asked for every second while it is drawn.
const PROGRESS_POLL_MS = 1_000;

type PreviewState =
  | { state: 'generating'; progress: number }
  | { state: 'ready'; childName: string; emailFailed: boolean; waited: boolean }
  | { state: 'failed' }
  | { state: 'error'; message: string };

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: flowStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const magicCode = await requireMagicCode(request);
  const client = api(request, context);
  const headers = cacheControl(CACHE_NEVER);
  let body: PreviewState;
  try {
    const session = await client.currentSession(magicCode);
    // The scene pages are the custom pages' own: a session of another product goes back to its page.
    if (productOf(session) !== 'custom_scenes') throw redirect(RESUME_AT[productOf(session)]);
    if (session.portrait.status === 'pending') {
      body = { state: 'generating', progress: session.portrait.progress };
    } else if (session.portrait.status === 'failed') {
      body = { state: 'failed' };
    } else {
      // The API sends the preview email once per session; a reload only hears `sent: false`.
      let emailFailed = false;
      try {
        await client.sendPreviewEmail(magicCode);
      } catch (error) {
        emailFailed = true;
        console.error(
          JSON.stringify({
            level: 'error',
            msg: PREVIEW_MESSAGES.sendFailed,
            sessionId: session.id,
            status: isApiError(error) ? error.statusCode : undefined,
            requestId: isApiError(error) ? error.requestId : undefined,
          }),
        );
      }
      // After a wait on the generating page the preview shows at once (no second 1.5 s).
      const waited = new URL(request.url).searchParams.has('waited');
      body = { state: 'ready', childName: session.childName, emailFailed, waited };
    }
  } catch (error) {
    if (isSessionGone(error)) {
      // The code no longer opens a session (expired or removed): start again.
      const gone = new Headers(headers);
      gone.set('set-cookie', await forgetMagicCode());
      throw redirect('/create', { headers: gone });
    }
    if (!isApiError(error)) throw error;
    body = { state: 'error', message: error.userMessage };
  }
  return data(body, { headers });
}

export const headers = pageHeaders;

export const handle: RouteHandle = {
  refreshWithoutJs: (loaderData) =>
    (loaderData as PreviewState | undefined)?.state === 'generating'
      ? { seconds: REFRESH_SECONDS_WITHOUT_JS, url: '/preview?waited' }
      : undefined,
};

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: 'Your cartoon preview',
    description: 'A first look at your child as a cartoon colouring page.',
    noIndex: true,
  });

export default function Preview() {
  const loaderData = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const sawGenerating = useRef(false);

  useEffect(() => {
    if (loaderData.state !== 'generating') return;
    sawGenerating.current = true;
    const timer = window.setTimeout(() => revalidator.revalidate(), PROGRESS_POLL_MS);
    return () => window.clearTimeout(timer);
  }, [loaderData, revalidator]);

  return (
    <div className="container page narrow flow-page preview-page">
      {loaderData.state === 'generating' ? (
        <Generating progress={loaderData.progress} />
      ) : loaderData.state === 'ready' ? (
        <Ready childName={loaderData.childName} emailFailed={loaderData.emailFailed} instant={loaderData.waited || sawGenerating.current} />
      ) : loaderData.state === 'failed' ? (
        <PortraitFailed />
      ) : (
        <section className="flow-card flow-card--centre" role="alert">
          <h1>We couldn’t load your preview</h1>
          <p>{loaderData.message}</p>
          <p className="button-row">
            <a href="/preview" className="button button--primary">
              Try again
            </a>
          </p>
        </section>
      )}
    </div>
  );
}

function Generating({ progress }: { progress: number }) {
  return (
    <section className="flow-card flow-card--centre" aria-labelledby="generating-title">
      <div className="spinner" aria-hidden="true" />
      <h1 id="generating-title" aria-live="polite">
        {PREVIEW_MESSAGES.loading}
      </h1>
      <ProgressBar id="portrait-progress" label="Drawing your child’s portrait" value={progress} />
      <p className="field__hint">This usually takes a few seconds. The page moves on by itself.</p>
    </section>
  );
}

/**
 * The loading text shows for 1.5 s before the preview, by CSS alone, so it is the same with and without JavaScript;
 * the status line below tells screen readers when the preview is there.
 */
function Ready({ childName, emailFailed, instant }: { childName: string; emailFailed: boolean; instant: boolean }) {
  const [announced, setAnnounced] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setAnnounced(true), instant ? 0 : PREVIEW_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [instant]);

  return (
    <div
      className={`preview-reveal${instant ? ' preview-reveal--instant' : ''}`}
      style={{ '--preview-delay': `${PREVIEW_DELAY_MS}ms` } as CSSProperties}
    >
      <section className="flow-card flow-card--centre preview-reveal__loading" aria-hidden="true">
        <div className="spinner" />
        <p className="preview-reveal__loading-text">{PREVIEW_MESSAGES.loading}</p>
      </section>
      <section className="flow-card preview-reveal__result" aria-labelledby="preview-title">
        <h1 id="preview-title">{PREVIEW_MESSAGES.heading}</h1>
        <figure className="preview-figure">
          <div className="preview-figure__frame">
            <img
              src="/preview.png"
              alt={`${childName}’s colouring page as a cartoon, marked PREVIEW ONLY`}
              width={600}
              height={849}
              className="preview-figure__image"
            />
            <span className="preview-figure__badge" aria-hidden="true">
              PREVIEW ONLY
            </span>
          </div>
          <figcaption>A low-resolution preview. Your full book is printed crisp and clear, without the watermark.</figcaption>
        </figure>
        <p className="preview-message">{PREVIEW_MESSAGES.sneakPeek}</p>
        {emailFailed ? (
          <p className="form-error" role="alert">
            {PREVIEW_MESSAGES.sendFailedShown}
          </p>
        ) : null}
        <p className="button-row">
          <Link to="/choose-scenes" className="button button--primary button--large">
            Choose Scenes
          </Link>
        </p>
      </section>
      <p className="visually-hidden" role="status">
        {announced ? PREVIEW_MESSAGES.heading : ''}
      </p>
    </div>
  );
}

function PortraitFailed() {
  return (
    <section className="flow-card flow-card--centre" role="alert" aria-labelledby="failed-title">
      <h1 id="failed-title">We couldn’t draw this photo</h1>
      <p>
        Sorry, something went wrong while turning this photo into a cartoon. A clear, front-facing photo of one child in good light works
        best.
      </p>
      <p className="button-row">
        <Link to="/create" className="button button--primary">
          Upload another photo
        </Link>
      </p>
    </section>
  );
}
