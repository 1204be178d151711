// Facts about the shop shown on many pages.
export const SITE_NAME = 'Colour Me In';
export { DEFAULT_SOCIAL_IMAGE as DEFAULT_OG_IMAGE, LOCALE } from '@colouring/domain';

export const PRIMARY_NAV = [
  { to: '/about', label: 'About Us' },
  { to: '/faq', label: 'FAQ' },
  { to: '/contact', label: 'Contact Us' },
] as const;

/** The public pages listed in the sitemap; add each public page here as its route is built. */
export const PUBLIC_PAGES = [
  { path: '/', label: 'Home', changefreq: 'weekly', priority: '1.0' },
  { path: '/products', label: 'Products', changefreq: 'weekly', priority: '0.9' },
  { path: '/create', label: 'Create', changefreq: 'monthly', priority: '0.8' },
  { path: '/faq', label: 'FAQ', changefreq: 'monthly', priority: '0.7' },
  { path: '/about', label: 'About Us', changefreq: 'monthly', priority: '0.6' },
  { path: '/contact', label: 'Contact Us', changefreq: 'yearly', priority: '0.5' },
] as const;

/** Paths crawlers are asked to keep out of. */
export const PRIVATE_PATHS = ['/admin', '/api', '/checkout', '/thank-you', '/continue', '/preview', '/download'] as const;
