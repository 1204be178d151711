import type { LoaderFunctionArgs } from '@remix-run/node';
import { CACHE_PUBLIC } from '~/utils/cache';
import { publicUrlFor } from '~/utils/env.server';
import { PUBLIC_PAGES } from '~/utils/site';

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function loader({ request }: LoaderFunctionArgs) {
  const publicUrl = publicUrlFor(request);
  const urls = PUBLIC_PAGES.map(
    (page) =>
      `  <url>\n    <loc>${escapeXml(publicUrl + page.path)}</loc>\n    <changefreq>${page.changefreq}</changefreq>\n    <priority>${page.priority}</priority>\n  </url>`,
  ).join('\n');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': CACHE_PUBLIC },
  });
}
