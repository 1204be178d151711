import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import {
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useMatches,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from '@remix-run/react';
import type { ReactNode } from 'react';
import { SiteFooter } from '~/components/site-footer';
import { SiteHeader } from '~/components/site-header';
import { Toaster } from '~/components/toaster';
import appStyles from '~/styles/app.css?url';
import { CACHE_NEVER, pageHeaders } from '~/utils/cache';
import type { SiteMetaData } from '~/utils/meta';
import { useAnalytics } from '~/utils/analytics';
import type { RouteHandle } from '~/utils/route-handle';
import { env, publicUrlFor } from '~/utils/env.server';
import { getToast } from '~/utils/toast.server';
import { useNonce } from '~/utils/nonce';
import { SITE_NAME } from '~/utils/site';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: appStyles },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/images/apple-touch-icon.png' },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { toast, headers: toastHeaders } = await getToast(request);
  const site: SiteMetaData = {
    // PUBLIC_URL is the address customers use; canonical links and social images are built from it.
    publicUrl: publicUrlFor(request),
    siteVerification: { google: env.GOOGLE_SITE_VERIFICATION, bing: env.BING_SITE_VERIFICATION },
    twitterHandle: env.TWITTER_HANDLE,
  };
  const headers = new Headers(toastHeaders ?? undefined);
  if (toastHeaders) headers.set('Cache-Control', CACHE_NEVER);
  return data({ ...site, toast }, { headers });
}

export const headers = pageHeaders;

// A page polling itself (the revalidator: same address, no form) needs only its own data; the site settings cannot
// change meanwhile and toasts arrive with navigations and forms. So a poll that fails lands in that page's own error
// boundary (the thank-you page's 'Something went wrong: …'), not in the root's error page.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  formMethod === undefined && currentUrl.href === nextUrl.href ? false : defaultShouldRevalidate;

// Pages set their own metadata; this only titles the error page the root's boundary shows.
export const meta: MetaFunction<typeof loader> = ({ error }) =>
  error ? [{ title: `Something went wrong | ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }] : [];

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>('root');
  const nonce = useNonce();
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#fff8ef" />
        <Meta />
        <Links />
        <RefreshWithoutJs />
      </head>
      <body>
        <a href="#main" className="skip-link">
          Skip to main content
        </a>
        <SiteHeader />
        <Toaster toasts={rootData?.toast ? [rootData.toast] : []} />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function RefreshWithoutJs() {
  const matches = useMatches();
  const refresh = matches
    .map((match) => {
      const value = (match.handle as RouteHandle | undefined)?.refreshWithoutJs;
      return typeof value === 'function' ? value(match.data) : value;
    })
    .filter((value) => value !== undefined)
    .at(-1);
  if (!refresh) return null;
  return (
    <noscript>
      <meta httpEquiv="refresh" content={`${refresh.seconds};url=${refresh.url}`} />
    </noscript>
  );
}

export default function App() {
  useAnalytics();
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  const heading =
    status === 404 ? "We couldn't find that page" : status < 500 ? 'That request didn’t work' : 'Something went wrong on our side';
  return (
    <section className="container page narrow error-page">
      <p className="eyebrow">Error {status}</p>
      <h1>{heading}</h1>
      <p className="lead">
        {status >= 500
          ? 'Sorry about that. Please try again in a moment. If it keeps happening, tell us and we’ll sort it out.'
          : 'Please check the address, or pick up from one of these pages.'}
      </p>
      <ul className="link-cards">
        <li>
          <Link to="/">Home</Link>
        </li>
        <li>
          <Link to="/products">Our products</Link>
        </li>
        <li>
          <Link to="/faq">FAQ</Link>
        </li>
        <li>
          <Link to="/contact">Contact us</Link>
        </li>
      </ul>
    </section>
  );
}
