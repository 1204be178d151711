import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useLocation } from '@remix-run/react';
import { CACHE_NEVER, cacheControl, pageHeaders } from '~/utils/cache';
import { pageMeta } from '~/utils/meta';

export function loader({ request }: LoaderFunctionArgs) {
  return data({ path: new URL(request.url).pathname }, { status: 404, headers: cacheControl(CACHE_NEVER) });
}

export const headers = pageHeaders;

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: 'Page not found',
    description: 'We couldn’t find that page. Try the home page, our products, the FAQ or contact us.',
    noIndex: true,
  });

const DESTINATIONS = [
  { to: '/', label: 'Home', text: 'Start from the beginning.' },
  { to: '/products', label: 'Products', text: 'Colouring pages, photo conversions and more.' },
  { to: '/faq', label: 'FAQ', text: 'Answers to the questions parents ask most.' },
  { to: '/contact', label: 'Contact us', text: 'Tell us what you were looking for.' },
] as const;

export default function NotFound() {
  const location = useLocation();
  return (
    <div className="container page narrow not-found">
      <img src="/images/lost-crayon.svg" alt="" width="160" height="160" className="not-found__art" />
      <p className="eyebrow">Error 404</p>
      <h1>Oops! This page has wandered off</h1>
      <p className="lead">
        We couldn’t find <code>{location.pathname}</code>. It may have moved, or the link may have a typo. These pages might help:
      </p>
      <ul className="link-cards">
        {DESTINATIONS.map((destination) => (
          <li key={destination.to}>
            <Link to={destination.to}>
              <strong>{destination.label}</strong>
              <span>{destination.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
