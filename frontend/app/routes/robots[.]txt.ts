import type { LoaderFunctionArgs } from '@remix-run/node';
import { CACHE_PUBLIC } from '~/utils/cache';
import { publicUrlFor } from '~/utils/env.server';
import { PRIVATE_PATHS } from '~/utils/site';

export function loader({ request }: LoaderFunctionArgs) {
  const publicUrl = publicUrlFor(request);
  const body = [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE_PUBLIC },
  });
}
