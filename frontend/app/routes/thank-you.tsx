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
  type CheckoutOrderView,
  type ProductType,
  type SessionView,
} from '@colouring/domain';
import { useEffect } from 'react';
import { CopyButton } from '~/components/flow/copy-button';
import { ProgressBar } from '~/components/flow/progress-bar';
import { useHydrated } from '~/components/flow/use-hydrated';
import { ShareBox } from '~/components/share/share-box';
import flowStyles from '~/styles/flow.css?url';
import shareStyles from '~/styles/share.css?url';
import { api, isApiError, isSessionGone, type Api } from '~/utils/api.server';
import { CACHE_NEVER, cacheControl, pageHeaders } from '~/utils/cache';
import { pageMeta, type SiteMetaData } from '~/utils/meta';
import type { RouteHandle } from '~/utils/route-handle';
import { picturesIn, productOf, readyHeading } from '~/utils/products';
import { magicCodeFrom } from '~/utils/session.server';

const POLL_SECONDS = Math.round(PDF_POLL_INTERVAL_MS / 1000);

/**
 * With the session cookie the page shows the whole order (the child's name, the magic code). With the card provider's
 * id alone it shows how the order is going and, for a day after payment, the download; nobody's name and no code,
 * which the parent has in the emails (docs/decisions/009).
 */
type ThankYouState =
  | {
      state: 'generating';
      /** Where the page polls itself without JavaScript (the same address, card provider's id included). */
      self: string;
      /** Null without the cookie. */
      childName: string | null;
      paid: boolean;
      progress: number;
      /** The PDF's drawn pictures (scenes, photos, dot-to-dot pages), for the estimate: SPEC's 5 s a scene. */
      pictures: number;
      pagesDone: number | null;
      pagesTotal: number | null;
    }
  | {
      state: 'ready';
      product: ProductType;
      /** Null without the cookie. */
      childName: string | null;
      /** Null without the cookie: the code is in the emails. */
      magicCode: string | null;
      /** Null once the provider's id alone no longer opens the download. */
      downloadHref: string | null;
    }
  | { state: 'failed'; magicCode: string | null }
  | { state: 'error'; message: string };

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: flowStyles },
  { rel: 'stylesheet', href: shareStyles },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // The card provider's checkout id says which order the parent just paid for; the cookie, when this browser has it,
  // says the order is theirs. Either one is enough.
  const checkoutId = url.searchParams.get('session_id');
  const magicCode = await magicCodeFrom(request);
  const headers = cacheControl(CACHE_NEVER);
  if (!checkoutId && !magicCode) {
    return data<ThankYouState>({ state: 'error', message: THANK_YOU_MESSAGES.missingSessionId }, { status: 400, headers });
  }
  const self = url.pathname + url.search;
  const client = api(request, context);
  try {
    const own = magicCode ? await cookieSession(client, magicCode, checkoutId) : null;
    if (own && (!checkoutId || own.checkoutId === checkoutId)) return data<ThankYouState>(ownOrder(own, magicCode!, self), { headers });
    try {
      const order = await client.checkoutOrder(checkoutId!);
      return data<ThankYouState>(orderByCheckout(order, checkoutId!, self), { headers });
    } catch (error) {
      // An id the provider gave for an earlier checkout of this same session, before the webhook names the paid one.
      if (own && isSessionGone(error)) return data<ThankYouState>(ownOrder(own, magicCode!, self), { headers });
      throw error;
    }
  } catch (error) {
    if (!isApiError(error)) throw error;
    const gone = isSessionGone(error);
    const message = gone ? SESSION_MESSAGES.notFoundOrExpired : pollingFailed(error.userMessage);
    return data<ThankYouState>({ state: 'error', message }, { status: gone ? 404 : 502, headers });
  }
}

/** The cookie's session; null when it is gone and the address names an order to show instead. */
async function cookieSession(client: Api, magicCode: string, checkoutId: string | null): Promise<SessionView | null> {
  try {
    return await client.currentSession(magicCode);
  } catch (error) {
    // A stale cookie does not stand in the way of the order on the address.
    if (checkoutId && isSessionGone(error)) return null;
    throw error;
  }
}

function ownOrder(session: SessionView, magicCode: string, self: string): ThankYouState {
  // A single-photo order names nobody: SPEC sends 'Customer' for it.
  const childName = productOf(session) === 'single_photo' ? null : session.childName;
  if (session.pdf.status === 'ready')
    return { state: 'ready', product: productOf(session), childName, magicCode, downloadHref: `/download/${magicCode}` };
  if (session.pdf.status === 'failed') return { state: 'failed', magicCode };
  return {
    state: 'generating',
    self,
    childName,
    paid: session.paid,
    progress: session.pdf.progress,
    pictures: picturesIn(productOf(session), session.pdf.pagesTotal),
    pagesDone: session.pdf.pagesDone ?? null,
    pagesTotal: session.pdf.pagesTotal ?? null,
  };
}

function orderByCheckout(order: CheckoutOrderView, checkoutId: string, self: string): ThankYouState {
  if (order.pdf.status === 'ready') {
    const downloadHref = order.downloadable ? `/thank-you/pdf?${new URLSearchParams({ session_id: checkoutId })}` : null;
    return { state: 'ready', product: order.product, childName: null, magicCode: null, downloadHref };
  }
  if (order.pdf.status === 'failed') return { state: 'failed', magicCode: null };
  return {
    state: 'generating',
    self,
    childName: null,
    paid: order.paid,
    progress: order.pdf.progress,
    pictures: picturesIn(order.product, order.pageCount),
    pagesDone: order.pdf.pagesDone ?? null,
    pagesTotal: order.pdf.pagesTotal ?? null,
  };
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
        <Ready {...loaderData} />
      ) : loaderData.state === 'failed' ? (
        <Failed magicCode={loaderData.magicCode} />
      ) : (
        <ErrorState message={loaderData.message} />
      )}
    </div>
  );
}

function Generating({ childName, paid, progress, pictures, pagesDone, pagesTotal }: Extract<ThankYouState, { state: 'generating' }>) {
  const estimateSeconds = (pictures * GENERATION_ESTIMATE_MS_PER_SCENE * (100 - progress)) / 100 / 1000;
  return (
    <section className="flow-card flow-card--centre" aria-labelledby="thank-you-title">
      <div className="spinner" aria-hidden="true" />
      <h1 id="thank-you-title">
        {childName ? `Thank you! We’re making ${childName}’s colouring pages` : 'Thank you! We’re making your colouring pages'}
      </h1>
      <div aria-live="polite">
        {paid ? (
          <p>
            {pagesTotal ? `Page ${pagesDone ?? 0} of ${pagesTotal} done. ` : ''}
            {pictures > 0 ? `Estimated time: ${estimateText(estimateSeconds)}.` : ''}
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

/** The contact form, opened on 'Not happy with image', with this order's code filled in when the page knows it. */
function helpLink(magicCode: string | null): string {
  return `/contact?${magicCode ? `magic_code=${magicCode}&` : ''}category=${encodeURIComponent(NOT_HAPPY_CATEGORY)}`;
}

function Ready({ product, childName, magicCode, downloadHref }: Extract<ThankYouState, { state: 'ready' }>) {
  const hydrated = useHydrated();
  const rootData = useRouteLoaderData<SiteMetaData>('root');
  const helpHref = helpLink(magicCode);
  return (
    <>
      <section className="flow-card flow-card--centre" aria-labelledby="ready-title">
        <h1 id="ready-title">{readyHeading(product, childName)}</h1>
        <p className="lead">Print them at home on A4 paper, as many times as you like.</p>
        {downloadHref ? (
          <p className="button-row">
            <a href={downloadHref} className="button button--primary button--large" download>
              Download your PDF
            </a>
          </p>
        ) : (
          <p>Please use the download link in the email we sent you when they were ready.</p>
        )}
        {magicCode ? (
          <p className="field__hint">We’ve emailed you the link too.</p>
        ) : (
          <p className="field__hint">
            We’ve emailed you the download link and your magic code: keep that email, the code brings your pages back for the next{' '}
            {SESSION_LIFETIME_DAYS} days.
          </p>
        )}
      </section>

      {magicCode ? (
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
      ) : null}

      <section className="flow-card" aria-labelledby="help-title">
        <h2 id="help-title">Not quite right?</h2>
        <p>
          If a page isn’t what you hoped, <Link to={helpHref}>tell us about it</Link> and we’ll fix it or refund you within{' '}
          {REFUND_WINDOW_DAYS} days.
        </p>
      </section>

      {/* The voucher goes to the session's email, so it needs the session: this browser's cookie. */}
      <ShareBox shareUrl={`${rootData?.publicUrl ?? ''}/`} voucher={magicCode !== null} />
    </>
  );
}

function Failed({ magicCode }: { magicCode: string | null }) {
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
