// The PDF downloads (/download/{code} and /thank-you/pdf?session_id=…): the API's PDF passed on unread, or a small page
// of the shop's own saying the download isn't available.
import appStyles from '~/styles/app.css?url';
import flowStyles from '~/styles/flow.css?url';
import { CACHE_NEVER } from '~/utils/cache';
import { SITE_NAME } from '~/utils/site';

/** The API's answer as the browser's download, with the API's file name and length. */
export function pdfDownload(upstream: Response): Response {
  const headers = new Headers({ 'Content-Type': 'application/pdf', 'Cache-Control': CACHE_NEVER });
  for (const name of ['content-disposition', 'content-length']) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(upstream.body, { status: 200, headers });
}

// A resource route has no layout, so its 404 is a small page of its own in the shop's styles.
export function downloadUnavailable(status: 404 | 502 = 404): Response {
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
