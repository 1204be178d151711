// First-party analytics (SPEC §1; docs/decisions/031): what a page may send, how a path is made safe to keep, and the
// admin's funnel. Nothing here may carry a magic code, an email or a name.
import type { ProductType } from './api.js';

/** What a page may send. A purchase and a file download are recorded by the server only: the browser is not trusted. */
export const ANALYTICS_CLIENT_KINDS = ['page_view', 'event', 'click'] as const;
export type AnalyticsClientKind = (typeof ANALYTICS_CLIENT_KINDS)[number];

export const ANALYTICS_LIMITS = {
  /** Events in one POST. */
  batch: 10,
  path: 200,
  category: 40,
  label: 100,
  /** Custom fields of one event, and each one's name and text. */
  fields: 8,
  fieldName: 40,
  fieldText: 100,
  /** |value| at most. */
  value: 1_000_000_000,
} as const;

/** POST /api/analytics/events: one event. `path` is the page it happened on (its query string is dropped). */
export interface AnalyticsEventInput {
  kind: AnalyticsClientKind;
  path: string;
  category?: string;
  label?: string;
  value?: number;
  /** SPEC's custom fields: short names to short texts, numbers or booleans. */
  data?: Record<string, string | number | boolean>;
}

/** POST /api/analytics/events. With `DNT: 1` or `Sec-GPC: 1` nothing is kept and `recorded` is 0. */
export interface AnalyticsBatchInput {
  events: AnalyticsEventInput[];
}

export interface AnalyticsRecorded {
  recorded: number;
}

/** The request headers by which a browser asks not to be tracked: Do Not Track and Global Privacy Control. */
export function trackingRefused(header: (name: string) => string | null | undefined): boolean {
  return header('dnt')?.trim() === '1' || header('sec-gpc')?.trim() === '1';
}

const HEX_CODE = /^[0-9a-f]{32,}$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Free text that must not be kept: anything with an `@` (an email address, or part of one) or a long run of hex (a
 * magic code). Names cannot be told from words, so no field is for names and pages never send one.
 */
export function isPersonalText(text: string): boolean {
  return text.includes('@') || /[0-9a-f]{32,}/i.test(text);
}

/** Pages whose visits are not the shop's: the owner's side and the development tools. */
const UNTRACKED = /^\/(admin|dev)(\/|$)/;

/**
 * The path to keep for a page address, or null when none may be kept: the query string and fragment are dropped (they
 * can carry a session id or a code), a code or id in the path becomes `:code` or `:id` (`/continue/{code}`), and a
 * path that is not one of the shop's pages (another site, the admin's, too long, or with an `@` in it) is refused.
 */
export function analyticsPath(address: string): string | null {
  const path = address.split(/[?#]/, 1)[0] ?? '';
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\') || path.length > ANALYTICS_LIMITS.path) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  if (decoded.includes('@') || UNTRACKED.test(decoded)) return null;
  return path
    .split('/')
    .map((segment) => (UUID.test(segment) ? ':id' : HEX_CODE.test(segment) ? ':code' : segment))
    .join('/');
}

// ── The admin's funnel: GET /api/admin/funnel?from=YYYY-MM-DD&to=YYYY-MM-DD (docs/decisions/031) ──────────────

export const FUNNEL_STEPS = ['visits', 'uploads', 'previews', 'checkouts', 'paid'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export const FUNNEL_STEP_NAMES: Record<FunnelStep, string> = {
  visits: 'Visits',
  uploads: 'Uploads',
  previews: 'Previews',
  checkouts: 'Checkouts started',
  paid: 'Paid orders',
};

/** The page where each product starts: its visits are the page views of this path. */
export const PRODUCT_START_PATHS: Record<ProductType, string> = {
  custom_scenes: '/create',
  single_photo: '/single-photo',
  dot_to_dot: '/dot-to-dot',
};

export const FUNNEL_DEFAULT_DAYS = 7;
export const FUNNEL_MAX_DAYS = 400;

/** The funnel's period refused (400 with `errors.from`), in the words the Funnel tab shows under its form. */
export const FUNNEL_PERIOD_MESSAGE = `Choose a period of whole days, the first on or before the last, at most ${FUNNEL_MAX_DAYS} days.`;

/** Both dates are whole days in UTC, `to` included; without them the last 7 days to today. */
export interface AdminFunnelQuery {
  from?: string;
  to?: string;
}

export interface FunnelStepFigure {
  step: FunnelStep;
  count: number;
  /** This step's count as a percentage of the step before (one decimal); null for the first step or after a zero. */
  conversionPercent: number | null;
}

export interface FunnelProductFigures {
  product: ProductType;
  steps: FunnelStepFigure[];
  /** What the paid orders brought in, in pence. */
  revenuePence: number;
}

export interface AdminFunnel {
  from: string;
  to: string;
  products: FunnelProductFigures[];
}

/** A step's share of the step before, as a percentage with one decimal; null when there is nothing to divide by. */
export function conversionPercent(count: number, previous: number | null): number | null {
  if (previous === null || previous === 0) return null;
  return Math.round((count / previous) * 1000) / 10;
}

/** The period a funnel query asks for, checked: ISO dates, from ≤ to, at most FUNNEL_MAX_DAYS days; null otherwise. */
export function funnelPeriod(query: AdminFunnelQuery, today: Date): { from: string; to: string } | null {
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const valid = (text: string) =>
    /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text)) && day(new Date(Date.parse(text))) === text;
  const to = query.to ?? day(today);
  if (!valid(to)) return null;
  const from = query.from ?? day(new Date(Date.parse(to) - (FUNNEL_DEFAULT_DAYS - 1) * 86_400_000));
  if (!valid(from)) return null;
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  return days >= 1 && days <= FUNNEL_MAX_DAYS ? { from, to } : null;
}
