// The one helper that writes a page's metadata: title, description, keywords, Open Graph, canonical URL, JSON-LD.
import type { MetaDescriptor } from '@remix-run/node';
import { DEFAULT_OG_IMAGE, LOCALE, SITE_NAME } from './site';

/** What the root loader hands every page's meta function. */
export interface SiteMetaData {
  publicUrl: string;
  siteVerification?: { google?: string; bing?: string };
  twitterHandle?: string;
}

export interface PageMetaInput {
  title: string;
  description: string;
  keywords?: readonly string[];
  /** Site-relative or absolute; defaults to the shop's social image. */
  ogImage?: string;
  ogImageAlt?: string;
  ogType?: 'website' | 'article' | 'product';
  /** Defaults to the current path (without query). */
  canonicalPath?: string;
  structuredData?: Record<string, unknown> | readonly Record<string, unknown>[];
  noIndex?: boolean;
}

interface MetaContext {
  matches: ReadonlyArray<{ id: string; data: unknown } | undefined>;
  location: { pathname: string };
}

function siteData(matches: MetaContext['matches']): SiteMetaData {
  const root = matches.find((match) => match?.id === 'root')?.data as Partial<SiteMetaData> | undefined;
  return { publicUrl: root?.publicUrl ?? '', siteVerification: root?.siteVerification, twitterHandle: root?.twitterHandle };
}

export function absoluteUrl(publicUrl: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return publicUrl.replace(/\/+$/, '') + (path.startsWith('/') ? path : `/${path}`);
}

export function fullTitle(title: string): string {
  return title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
}

export function pageMeta({ matches, location }: MetaContext, input: PageMetaInput): MetaDescriptor[] {
  const site = siteData(matches);
  const title = fullTitle(input.title);
  const canonical = absoluteUrl(site.publicUrl, input.canonicalPath ?? location.pathname);
  const image = absoluteUrl(site.publicUrl, input.ogImage ?? DEFAULT_OG_IMAGE);
  const imageAlt = input.ogImageAlt ?? `${SITE_NAME}: a child's photo turned into a colouring page`;

  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: input.description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:title', content: title },
    { property: 'og:description', content: input.description },
    { property: 'og:type', content: input.ogType ?? 'website' },
    { property: 'og:url', content: canonical },
    { property: 'og:locale', content: LOCALE },
    { property: 'og:image', content: image },
    { property: 'og:image:type', content: 'image/jpeg' },
    { property: 'og:image:width', content: '1200' },
    { property: 'og:image:height', content: '630' },
    { property: 'og:image:alt', content: imageAlt },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: input.description },
    { name: 'twitter:image', content: image },
  ];
  if (input.keywords?.length) tags.push({ name: 'keywords', content: input.keywords.join(', ') });
  if (input.noIndex) tags.push({ name: 'robots', content: 'noindex, nofollow' });
  if (site.twitterHandle) tags.push({ name: 'twitter:site', content: site.twitterHandle });
  if (site.siteVerification?.google) tags.push({ name: 'google-site-verification', content: site.siteVerification.google });
  if (site.siteVerification?.bing) tags.push({ name: 'msvalidate.01', content: site.siteVerification.bing });

  const structured = input.structuredData ? (Array.isArray(input.structuredData) ? input.structuredData : [input.structuredData]) : [];
  for (const item of structured) tags.push({ 'script:ld+json': item });
  return tags;
}

// ---------- Structured data builders ----------

export function organisationLd(publicUrl: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SITE_NAME,
    url: absoluteUrl(publicUrl, '/'),
    logo: absoluteUrl(publicUrl, '/images/logo.svg'),
    contactPoint: { '@type': 'ContactPoint', contactType: 'customer support', url: absoluteUrl(publicUrl, '/contact') },
  };
}

export function breadcrumbLd(publicUrl: string, crumbs: ReadonlyArray<{ name: string; path: string }>): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(publicUrl, crumb.path),
    })),
  };
}

export function publicUrlOf(matches: MetaContext['matches']): string {
  return siteData(matches).publicUrl;
}
