import type { MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useNavigate } from '@remix-run/react';
import { useEffect } from 'react';
import { CONTACT_REDIRECT_MS, CONTACT_REPLY_HOURS } from '@colouring/domain';
import { CACHE_NEVER, cacheControl, pageHeaders } from '~/utils/cache';
import { pageMeta } from '~/utils/meta';
import type { RouteHandle } from '~/utils/route-handle';

const REDIRECT_SECONDS = Math.round(CONTACT_REDIRECT_MS / 1000);

export function loader() {
  // Reached only after sending a message (often with a toast), so never cached.
  return data(null, { headers: cacheControl(CACHE_NEVER) });
}

export const headers = pageHeaders;

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: 'Thanks for your message!',
    description: `Thanks for getting in touch. We aim to reply within ${CONTACT_REPLY_HOURS} hours.`,
    noIndex: true,
  });

// Without JavaScript the root layout writes <meta http-equiv="refresh"> (inside <noscript>) from this.
export const handle: RouteHandle = { refreshWithoutJs: { seconds: REDIRECT_SECONDS, url: '/' } };

export default function ContactThankYou() {
  const navigate = useNavigate();
  // With JavaScript, a timer that stops if the parent navigates elsewhere first (a meta refresh would not).
  useEffect(() => {
    const timer = window.setTimeout(() => navigate('/'), CONTACT_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);
  return (
    <div className="container page narrow thank-you">
      <div className="thank-you__card">
        <img src="/images/envelope.svg" alt="" width="120" height="120" className="thank-you__art" />
        <h1>Thanks for your message!</h1>
        <p className="lead">
          We aim to reply within {CONTACT_REPLY_HOURS} hours. Keep an eye on your inbox (and your spam folder, just in case).
        </p>
        <p className="thank-you__redirect">Taking you back to the home page in {REDIRECT_SECONDS} seconds…</p>
        <Link to="/" className="button button--primary">
          Go to the home page now
        </Link>
      </div>
    </div>
  );
}
