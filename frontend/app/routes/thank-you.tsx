import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, isRouteErrorResponse, useLoaderData, useRevalidator, useRouteError, useRouteLoaderData } from '@remix-run/react';
import {
  DOWNLOAD_LINK_MINUTES,
  NOT_HAPPY_CATEGORY,
  GENERATION_ESTIMATE_MS_PER_SCENE,
  PDF_POLL_INTERVAL_MS,
  pollingFailed,
  REFUND_WINDOW_DAYS,
  SESSION_LIFETIME_DAYS,
  SESSION_MESSAGES,
  THANK_YOU_MESSAGES,
  userMessageFor,
} from '@colouring/domain';
import { useEffect } from 'react';
import { CopyButton } from '~/components/flow/copy-button';
import { ProgressBar } from '~/components/flow/progress-bar';
import { ShareBox } from '~/components/flow/share-box';
import { useHydrated } from '~/components/flow/use-hydrated';
import flowStyles from '~/styles/flow.css?url';
import { api, isApiError } from '~/utils/api.server';
import { CACHE_NEVER, cacheControl, pageHeaders } from '~/utils/cache';
import { pageMeta, type SiteMetaData } from '~/utils/meta';
import type { RouteHandle } from '~/utils/route-handle';
import { magicCodeFrom } from '~/utils/session.server';

const POLL_SECONDS = Math.round(PDF_POLL_INTERVAL_MS / 1000);

type ThankYouState =
  | {
      state: 'generating';
      /** Where the page polls itself without JavaScript (the same address, card provider's id included). */
      self: string;
      childName: string;
      paid: boolean;
      progress: number;
      sceneCount: number;
      pagesDone: number | null;
      pagesTotal: number | null;
    }
  | { state: 'ready'; childName: string; magicCode: string }
  | { state: 'failed'; magicCode: string }
  | { state: 'error'; message: string };

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: flowStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // The card provider's checkout id says the parent came back from paying; the cookie says which session is theirs.
  const checkoutId = url.searchParams.get('session_id');
  const magicCode = await magicCodeFrom(request);
  const headers = cacheControl(CACHE_NEVER);
  if (!magicCode) {
    const message = checkoutId ? SESSION_MESSAGES.notFoundOrExpired : THANK_YOU_MESSAGES.missingSessionId;
    return data<ThankYouState>({ state: 'error', message }, { status: checkoutId ? 404 : 400, headers });
  }
  try {
    const session = await api(request, context).currentSession(magicCode);
    if (session.pdf.status === 'ready')
      return data<ThankYouState>({ state: 'ready', childName: session.childName, magicCode }, { headers });
    if (session.pdf.status === 'failed') return data<ThankYouState>({ state: 'failed', magicCode }, { headers });
    return data<ThankYouState>(
      {
        state: 'generating',
        self: url.pathname + url.search,
        childName: session.childName,
        paid: session.paid,
        progress: session.pdf.progress,
        sceneCount: session.price.sceneCount,
        pagesDone: session.pdf.pagesDone ?? null,
        pagesTotal: session.pdf.pagesTotal ?? null,
      },
      { headers },
    );
  } catch (error) {
    if (!isApiError(error)) throw error;
    const detail = error.statusCode === 429 ? userMessageFor('Rate limit exceeded') : userMessageFor(error);
    const message = error.statusCode === 404 ? SESSION_MESSAGES.notFoundOrExpired : pollingFailed(detail);
    return data<ThankYouState>({ state: 'error', message }, { status: error.statusCode === 404 ? 404 : 502, headers });
  }
}

export const headers = pageHeaders;

// Without JavaScript the page reloads itself every 5 s while the PDF is being made.
export const handle: RouteHandle = {
  refreshWithoutJs: (loaderData) => {
    const state = loaderData as ThankYouState | undefined;
    return state?.state === 'generating' ? { seconds: POLL_SECONDS, url: state.self } : undefined;
  },
};

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: 'Thank you for your order',
    description: 'Your personalised colouring pages are being made. Download them here when they are ready.',
    noIndex: true,
  });

function estimateText(seconds: number): string {
  if (seconds < 60) return `about ${Math.max(5, Math.ceil(seconds / 5) * 5)} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return `about ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export default function ThankYou() {
  const loaderData = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();

  // Poll every 5 s while generating; an error state (including a failed poll) stops it.
  useEffect(() => {
    if (loaderData.state !== 'generating') return;
    const timer = window.setTimeout(() => revalidator.revalidate(), PDF_POLL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [loaderData, revalidator]);

  return (
    <div className="container page narrow flow-page thank-you-page">
      {loaderData.state === 'generating' ? (
        <Generating {...loaderData} />
      ) : loaderData.state === 'ready' ? (
        <Ready childName={loaderData.childName} magicCode={loaderData.magicCode} />
      ) : loaderData.state === 'failed' ? (
        <Failed magicCode={loaderData.magicCode} />
      ) : (
        <ErrorState message={loaderData.message} />
      )}
    </div>
  );
}

function Generating({ childName, paid, progress, sceneCount, pagesDone, pagesTotal }: Extract<ThankYouState, { state: 'generating' }>) {
  const estimateSeconds = (sceneCount * GENERATION_ESTIMATE_MS_PER_SCENE * (100 - progress)) / 100 / 1000;
  return (
    <section className="flow-card flow-card--centre" aria-labelledby="thank-you-title">
      <div className="spinner" aria-hidden="true" />
      <h1 id="thank-you-title">Thank you! We’re making {childName}’s colouring pages</h1>
      <div aria-live="polite">
        {paid ? (
          <p>
            {pagesTotal ? `Page ${pagesDone ?? 0} of ${pagesTotal} done. ` : ''}
            {sceneCount > 0 ? `Estimated time: ${estimateText(estimateSeconds)}.` : ''}
          </p>
        ) : (
          <p>Confirming your payment…</p>
        )}
      </div>
      <ProgressBar id="pdf-progress" label="Your colouring book" value={paid ? progress : null} />
      <p className="field__hint">
        You can stay here, or close the page: we’ll also email you the download link within {DOWNLOAD_LINK_MINUTES.min}-
        {DOWNLOAD_LINK_MINUTES.max} minutes.
      </p>
    </section>
  );
}

/** The contact form, opened on 'Not happy with image' with this order's code filled in. */
function helpLink(magicCode: string): string {
  return `/contact?magic_code=${magicCode}&category=${encodeURIComponent(NOT_HAPPY_CATEGORY)}`;
}

function Ready({ childName, magicCode }: { childName: string; magicCode: string }) {
  const hydrated = useHydrated();
  const rootData = useRouteLoaderData<SiteMetaData>('root');
  const helpHref = helpLink(magicCode);
  return (
    <>
      <section className="flow-card flow-card--centre" aria-labelledby="ready-title">
        <h1 id="ready-title">{childName}’s colouring pages are ready!</h1>
        <p className="lead">Print them at home on A4 paper, as many times as you like.</p>
        <p className="button-row">
          <a href={`/download/${magicCode}`} className="button button--primary button--large" download>
            Download your PDF
          </a>
        </p>
        <p className="field__hint">We’ve emailed you the link too.</p>
      </section>

      <section className="flow-card magic-code" aria-labelledby="magic-code-title">
        <h2 id="magic-code-title">Your magic code</h2>
        <p id="magic-code-hint">
          Keep this code safe: it brings back your download for the next {SESSION_LIFETIME_DAYS} days. It’s in your email as well.
        </p>
        <div className="magic-code__row">
          {/* One tap selects the whole code for copying by hand, which is all there is without JavaScript. */}
          <code id="magic-code" className="magic-code__value">
            {magicCode}
          </code>
          {hydrated ? <CopyButton text={magicCode} label="Copy code" describedBy="magic-code-title" /> : null}
        </div>
      </section>

      <section className="flow-card" aria-labelledby="help-title">
        <h2 id="help-title">Not quite right?</h2>
        <p>
          If a page isn’t what you hoped, <Link to={helpHref}>tell us about it</Link> and we’ll fix it or refund you within{' '}
          {REFUND_WINDOW_DAYS} days.
        </p>
      </section>

      <ShareBox shareUrl={`${rootData?.publicUrl ?? ''}/`} />
    </>
  );
}

function Failed({ magicCode }: { magicCode: string }) {
  const helpHref = helpLink(magicCode);
  return (
    <section className="flow-card flow-card--centre" aria-labelledby="failed-title">
      <h1 id="failed-title">Sorry, something went wrong</h1>
      <p className="form-error" role="alert">
        {THANK_YOU_MESSAGES.pdfFailed}
      </p>
      <p className="button-row">
        <Link to={helpHref} className="button button--primary">
          Contact support
        </Link>
        <Link to="/" className="button button--secondary">
          Back to Home
        </Link>
      </p>
    </section>
  );
}

function ErrorState({ message }: { message: string }) {
  return (
    <section className="flow-card flow-card--centre" aria-labelledby="error-title">
      <h1 id="error-title">We couldn’t show your order</h1>
      <p className="form-error" role="alert">
        {message}
      </p>
      <p>Your download link is also in your email once your pages are ready.</p>
      <p className="button-row">
        <Link to="/" className="button button--secondary">
          Back to Home
        </Link>
      </p>
    </section>
  );
}

// A poll that cannot reach the server at all (offline, server restarting) ends here, and polling stops.
export function ErrorBoundary() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? userMessageFor(String(error.data ?? error.statusText))
    : userMessageFor(error instanceof Error ? error : 'Failed to fetch');
  return (
    <div className="container page narrow flow-page thank-you-page">
      <ErrorState message={pollingFailed(detail)} />
    </div>
  );
}
