// /download/{code}: the link in the final email and on the thank-you page. It streams the finished PDF from the API
// (the code goes in the X-Magic-Code header, never in an API URL) with the API's file name.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { isMagicCode } from '@colouring/domain';
import appStyles from '~/styles/app.css?url';
import flowStyles from '~/styles/flow.css?url';
import { api, isApiError } from '~/utils/api.server';
import { CACHE_NEVER } from '~/utils/cache';
import { SITE_NAME } from '~/utils/site';

// A resource route has no layout, so its 404 is a small page of its own in the shop's styles.
function unavailable(status: 404 | 502 = 404): Response {
  const reason =
    status === 404
      ? 'The link may have expired, or your pages may still be being made. Please use the link in your email, or contact us and we’ll sort it out.'
      : 'We couldn’t fetch your pages just now. Please try again in a moment, or contact us and we’ll sort it out.';
  const html = `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Download not available | ${SITE_NAME}</title>
<link rel="stylesheet" href="${appStyles}">
<link rel="stylesheet" href="${flowStyles}">
</head>
<body>
<main id="main" class="container page narrow flow-page">
<section class="flow-card flow-card--centre">
<p class="eyebrow">Error ${status}</p>
<h1>This download isn’t available</h1>
<p class="lead">${reason}</p>
<p class="button-row"><a class="button button--primary" href="/contact">Contact us</a> <a class="button button--secondary" href="/">Back to Home</a></p>
</section>
</main>
</body>
</html>`;
  return new Response(html, { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': CACHE_NEVER } });
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const code = params.code ?? '';
  if (!isMagicCode(code)) return unavailable();
  try {
    const upstream = await api(request, context).downloadPdf(code);
    const headers = new Headers({ 'Content-Type': 'application/pdf', 'Cache-Control': CACHE_NEVER });
    for (const name of ['content-disposition', 'content-length']) {
      const value = upstream.headers.get(name);
      if (value) headers.set(name, value);
    }
    return new Response(upstream.body, { status: 200, headers });
  } catch (error) {
    if (!isApiError(error)) throw error;
    return unavailable(error.statusCode === 404 ? 404 : 502);
  }
}
