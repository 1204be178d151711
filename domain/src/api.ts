// The REST API under /api as the wire carries it: every request body and every JSON answer, written once for the
// backend that sends them and the pages that read them. Times are ISO 8601 strings (what JSON makes of a Date).
// Routes, status codes and headers: docs/api-contract.md. Error answers: ApiErrorBody in api-errors.ts.
import type { LevelId, PhotoAspect } from './constants.js';
import type { OrderPrice, PhotoOrderPrice, PriceTotals } from './pricing.js';
import type { ShareConversion, ShareVoucherStatus } from './share-stats.js';
import type { ShareVerification } from './validation/share.js';

/** A time as JSON carries it: `Date.prototype.toISOString()`, e.g. '2026-11-23T11:15:33.000Z'. */
export type IsoDateTime = string;

export type PortraitStatus = 'pending' | 'ready' | 'failed';
/** null until the order is paid. */
export type PdfStatus = 'generating' | 'ready' | 'failed';
export type ProductType = 'custom_scenes' | 'single_photo' | 'dot_to_dot';

// ── Catalogue: GET /api/catalogue ───────────────────────────────────────────

export interface CatalogueLevelView {
  id: LevelId;
  name: string;
  ages: string;
  description: string;
}

export interface CatalogueSceneView {
  id: string;
  title: string;
  shortDescription: string;
}

export interface CatalogueBundleView {
  id: string;
  name: string;
  description: string;
  scenes: CatalogueSceneView[];
}

export interface FeaturedBundleView {
  bundleId: string;
  text: string;
  /** Lower is more prominent. */
  priority: number;
}

/**
 * Levels, bundles with their scenes in order, the active featured bundles (one per bundle, its most prominent row:
 * the lowest priority number, the newest at the same; most prominent first), and counts.
 */
export interface SceneCatalogueView {
  levels: CatalogueLevelView[];
  bundles: CatalogueBundleView[];
  featured: FeaturedBundleView[];
  sceneCount: number;
  bundleCount: number;
}

// ── Contact: POST /api/contact ──────────────────────────────────────────────

export interface ContactInput {
  email: string;
  category: string;
  message: string;
  /** The magic code of the order the message is about. */
  magicCode?: string;
  /** Honeypot: people leave it empty; the API quietly drops messages that fill it. */
  website?: string;
}

/** 201. */
export interface ContactAnswer {
  ok: true;
}

// ── Sessions ────────────────────────────────────────────────────────────────

/**
 * POST /api/sessions is multipart/form-data: these text fields beside the `photo` file. `crop` is the JSON of a
 * CropInput; without it the server crops square itself.
 */
export interface SessionCreateFields {
  childName: string;
  email: string;
  crop?: string;
  /** 'custom_scenes' when absent; 'dot_to_dot' makes the dot-to-dot book (level fixed at 2). */
  product?: 'custom_scenes' | 'dot_to_dot';
}

/** The crop of the upright photo, in its pixels. */
export interface CropInput {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** 201 to POST /api/sessions: the new session and its magic code (which the pages keep in the httpOnly cookie). */
export interface SessionCreated {
  session: { id: string };
  magicCode: string;
}

/** The `pdf` part of a session or an order: null status until paid; page progress while generating. */
export interface PdfStatusView {
  status: PdfStatus | null;
  /** 0-100. */
  progress: number;
  pagesDone: number;
  pagesTotal: number;
  error: string | null;
}

/** GET /api/sessions/current and the answer to saving a selection: the session behind a magic code, never the code. */
export interface SessionView {
  id: string;
  childName: string;
  email: string;
  level: LevelId;
  /** Catalogue scene ids, and the parent's own as `custom:<id>` (CUSTOM_SCENE_PREFIX). */
  selectedScenes: string[];
  voucherCode: string | null;
  productTypes: ProductType[];
  /** progress 0-100; 100 once ready or failed. */
  portrait: { status: PortraitStatus; progress: number };
  price: OrderPrice;
  pdf: PdfStatusView;
  paid: boolean;
  /** The card provider's checkout of this order (the thank-you page's `session_id`), once one was started. */
  checkoutId: string | null;
  createdAt: IsoDateTime;
  expiresAt: IsoDateTime;
}

/** PUT /api/sessions/current/selection: the server re-prices it and re-checks the voucher on every save. */
export interface SelectionInput {
  level: LevelId;
  selectedScenes: string[];
  /** Absent or null: no voucher. */
  voucherCode?: string | null;
}

/** POST /api/sessions/restore. */
export interface RestoreInput {
  magicCode: string;
}

export interface RestoreAnswer {
  paid: boolean;
  /** Where an unpaid session picks up again depends on what it is for. */
  product: ProductType;
}

/** POST /api/sessions/current/preview-email: false when it was already sent for this session. */
export interface PreviewEmailAnswer {
  sent: boolean;
}

/** Query of GET /api/sessions/current/preview.png. */
export interface PreviewQuery {
  scene?: string;
  level?: LevelId;
}

// ── Custom scenes: /api/sessions/current/custom-scenes ──────────────────────

/** POST (201) and PUT /:id. */
export interface CustomSceneInput {
  title: string;
  userPrompt: string;
}

/** A scene the parent wrote; it is selected as `custom:<id>`. */
export interface CustomSceneView {
  id: string;
  title: string;
  userPrompt: string;
  createdAt: IsoDateTime;
}

// ── Single photo: /api/single-photo (a draft order kept on the server, one photo per request) ──

/** POST /api/single-photo (201): a new single-photo session; the email may come now or later. */
export interface SinglePhotoStartInput {
  email?: string;
}

/** A photo of the order: its line art is drawn (the photo itself is already deleted). */
export interface SinglePhotoView {
  id: string;
  /** 1-based, in the order added: the page's place in the book. */
  number: number;
  level: LevelId;
  aspect: PhotoAspect;
}

/** GET /api/single-photo and the answer to every change: the draft as the server keeps it, priced by its tier. */
export interface SinglePhotoOrderView {
  sessionId: string;
  /** '' until given. */
  email: string;
  photos: SinglePhotoView[];
  price: PhotoOrderPrice;
  maxPhotos: number;
  paid: boolean;
}

export interface SinglePhotoStarted {
  magicCode: string;
  order: SinglePhotoOrderView;
}

/**
 * POST /api/single-photo/photos (201) is multipart/form-data: these fields beside the `photo` file. `crop` is the JSON of
 * a CropInput of the upright photo at the aspect's ratio; without it the server crops the middle. Answers once the
 * photo's line art is drawn, with the SinglePhotoOrderView.
 */
export interface SinglePhotoAddFields {
  level: string;
  aspect: string;
  crop?: string;
}

/** PUT /api/single-photo/photos/:id (one photo) and PUT /api/single-photo/level ('Apply to all photos'). */
export interface SinglePhotoLevelInput {
  level: LevelId;
}

/** PUT /api/single-photo/email. */
export interface SinglePhotoEmailInput {
  email: string;
}

// ── Checkout ────────────────────────────────────────────────────────────────

interface SummaryBase {
  /** Why the saved voucher no longer applies (SPEC's checkout words); the price is then without it. */
  voucherMessage: string | null;
}

/** GET /api/checkout/summary: the session's order as the server will charge it, by product. */
export type CheckoutSummary =
  | (SummaryBase & {
      product: 'custom_scenes';
      /** In the order chosen; a custom scene by its `custom:<id>`. */
      scenes: { id: string; title: string }[];
      price: OrderPrice;
    })
  | (SummaryBase & { product: 'single_photo'; photos: SinglePhotoView[]; price: PhotoOrderPrice })
  | (SummaryBase & { product: 'dot_to_dot'; childName: string; pageCount: number; price: PriceTotals });

/** PUT /api/checkout/voucher: the voucher for any product's order (null removes it); answers the new summary. */
export interface VoucherInput {
  voucherCode: string | null;
}

// ── Share-for-voucher: POST /api/sessions/current/share-voucher ───────────────

/** The share's proof as the page collected it (SPEC §3 verification_data); the server checks it again. */
export type ShareVoucherInput = ShareVerification;

/** The voucher was issued and its email queued to the session's address. */
export interface ShareVoucherSent {
  sent: true;
}

/** POST /api/checkout: the card provider's page, or the thank-you page of an order already paid. */
export interface CheckoutStarted {
  url: string;
}

/**
 * GET /api/checkout/order?session_id=…: an order as anyone holding the card provider's id may see it, nobody named
 * (no child's name, email or code).
 */
export interface CheckoutOrderView {
  paid: boolean;
  product: ProductType;
  /** The PDF's pages: for custom pages the scenes plus a cover and a closing page. */
  pageCount: number;
  pdf: PdfStatusView;
  /** Ready, and paid less than 24 hours ago: GET /api/checkout/order/pdf gives it. */
  downloadable: boolean;
}

/** POST /api/payments/webhook. */
export interface WebhookAnswer {
  received: true;
}

// ── Health: GET /api/health ─────────────────────────────────────────────────

export interface HealthIndicatorView {
  status: 'up' | 'degraded' | 'down';
  [detail: string]: unknown;
}

/**
 * 200 'ok' when the database, Redis and the queues answer; 200 with 'degraded' checks when Redis or the queues are
 * down. Without the database the answer is 503, an ApiErrorBody with code 'unavailable'.
 */
export interface HealthView {
  status: 'ok' | 'degraded';
  info?: Record<string, HealthIndicatorView>;
  error?: Record<string, HealthIndicatorView>;
  details: Record<string, HealthIndicatorView>;
}

// ── Development mailbox: GET /api/dev/mailbox (404 in production and with SMTP_URL) ──

export interface MailboxEntryView {
  id: string;
  to: string;
  subject: string;
  date: IsoDateTime;
}

export interface MailboxView {
  /** The folder holding the .eml files. */
  directory: string;
  messages: MailboxEntryView[];
}

/** GET /api/dev/mailbox/:id: one saved email in full. */
export interface MailboxMessageView extends MailboxEntryView {
  from: string;
  html: string;
  text: string;
  attachments: { filename: string; contentType: string; size: number }[];
}

// ── Admin: /api/admin/* (docs/decisions/026). Every route but signing in needs `Authorization: Bearer <admin token>`;
// without a live admin session the answer is 401 'unauthorized'. ──────────────

/** POST /api/admin/session: sign in. 401 'unauthorized' for a wrong email or password, 429 'rate_limited' while locked. */
export interface AdminSignInInput {
  email: string;
  password: string;
}

/** GET /api/admin/session: who the admin token belongs to. */
export interface AdminIdentityView {
  email: string;
  expiresAt: IsoDateTime;
}

/** POST /api/admin/session answers the token once; the API keeps only its SHA-256. DELETE /api/admin/session signs out. */
export interface AdminSignedIn extends AdminIdentityView {
  token: string;
}

/** The sign-in form's words (SPEC §8: the sign-in error is the auth service's message, shown under the form). */
export const ADMIN_MESSAGES = {
  accessDenied: 'Access denied',
  invalidCredentials: 'Invalid login credentials',
  emailRequired: 'Please enter your email.',
  passwordRequired: 'Please enter your password.',
  signedOut: 'You are signed out.',
} as const;

/** The lockout's explanation, with the minutes left (at least 1). */
export function adminLockedMessage(minutesLeft: number): string {
  const minutes = Math.max(1, Math.ceil(minutesLeft));
  return `Too many failed sign-ins. For your safety sign-in is paused: try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

export const ADMIN_PDF_FILTERS = ['generating', 'ready', 'failed', 'unpaid'] as const;
/** A PDF status to filter by; 'unpaid' is a session without a paid order. */
export type AdminPdfFilter = (typeof ADMIN_PDF_FILTERS)[number];

/** GET /api/admin/sessions: newest payment first (unpaid sessions last, newest first), paginated on the server. */
export interface AdminSessionsQuery {
  /** A child's name or an email (any part, any case), or a whole magic code (matched by its hash). */
  q?: string;
  pdf?: AdminPdfFilter;
  /** 1-based. */
  page?: number;
}

export const ADMIN_SESSIONS_PAGE_SIZE = 25;

export interface AdminSessionRow {
  id: string;
  childName: string;
  email: string;
  createdAt: IsoDateTime;
  /** The paid order's, or null when nothing is paid. */
  orderId: string | null;
  product: ProductType | null;
  /** Scenes of a custom-pages order, photos of a single-photo order, pages of a dot-to-dot book. */
  itemCount: number | null;
  amountPaidPence: number | null;
  paidAt: IsoDateTime | null;
  pdfStatus: PdfStatus | null;
  pdfError: string | null;
}

export interface AdminSessionsPage {
  rows: AdminSessionRow[];
  page: number;
  pageSize: number;
  total: number;
}

/** An admin action's answer: what was done, in words the page shows as a success toast. */
export interface AdminActionAnswer {
  message: string;
}

/** PUT /api/admin/sessions/:id/email: the address the pages go to, checked with validateEmail (400 `errors.email`). */
export interface AdminEmailInput {
  email: string;
}

/**
 * The admin's actions on a session: POST …/final-email (the final email again, to the current address), PUT …/email
 * (correct the address) and POST …/pdf (make a failed PDF again).
 */
export const ADMIN_ACTION_MESSAGES = {
  finalEmailQueued: (to: string) => `The final email is on its way to ${to}.`,
  emailCorrected: (to: string) => `The email address is now ${to}.`,
  pdfQueued: 'The PDF is being made again. The thank-you page shows its progress.',
  sessionNotFound: 'No session has that id.',
  notPaid: 'This session has no paid order.',
  pdfNotReady: 'The PDF is not ready yet: the final email carries it, so it is sent once the PDF is made.',
  pdfNotFailed: 'Only a PDF that failed can be made again: this one is ready or being made.',
  pdfBusy: 'The last try at this PDF is still ending. Try again in a minute.',
  expired: 'This session has expired: its email address and PDF are gone.',
} as const;

// ── Admin, Security tab: /api/admin/security (docs/decisions/028) ──

/** SPEC's marks on a session (`security_flags`): signals for the admin, never refusals. */
export const SECURITY_FLAG_NAMES = ['multiple_ips', 'rate_limited', 'suspicious_activity'] as const;
export type SecurityFlagName = (typeof SECURITY_FLAG_NAMES)[number];

/** The Security tab's figures, read at `at` (the app's clock). "Today" and "this week" are London's day and Monday-started week. */
export interface AdminSecurityMetrics {
  at: IsoDateTime;
  sessionsToday: number;
  sessionsThisWeek: number;
  paidOrdersToday: number;
  paidOrdersThisWeek: number;
  /** Paid orders whose PDF failed and has not been made since (each needs a retry), expired ones left out. */
  failedPdfs: number;
  /** Lookups with an unknown, malformed or expired code or checkout id in the last hour. */
  invalidAccessesLastHour: number;
  /** Live sessions with any flag, and how many carry each. */
  flaggedSessions: number;
  flags: Record<SecurityFlagName, number>;
  openAlerts: number;
}

export type AlertSeverityName = 'info' | 'warning' | 'critical';

export interface AdminSecurityAlertRow {
  id: string;
  /** rate_limit, failed_validation, pdf_failed, duplicate_payment, payment_amount_mismatch. */
  kind: string;
  severity: AlertSeverityName;
  message: string;
  sessionId: string | null;
  createdAt: IsoDateTime;
  /** When the admin acknowledged it; null while open. */
  resolvedAt: IsoDateTime | null;
}

export interface AdminFlaggedSessionRow {
  id: string;
  childName: string;
  email: string;
  flags: SecurityFlagName[];
  accessCount: number;
  createdAt: IsoDateTime;
}

/**
 * GET /api/admin/security: the figures, the open alerts (newest first) then the latest acknowledged ones (20 in all), and
 * the live sessions flagged most recently (10). POST /api/admin/security/alerts/:id/acknowledge: AdminActionAnswer;
 * 404 'not_found' when the alert is not open.
 */
export interface AdminSecurityView {
  metrics: AdminSecurityMetrics;
  alerts: AdminSecurityAlertRow[];
  flagged: AdminFlaggedSessionRow[];
}

export const ADMIN_SECURITY_ALERTS_SHOWN = 20;
export const ADMIN_FLAGGED_SESSIONS_SHOWN = 10;

// ── Admin, Featured Bundles tab: /api/admin/featured-bundles (docs/decisions/029) ──

/** One row of `featured_bundles`, with its bundle's name. */
export interface AdminFeaturedBundleRow {
  id: number;
  bundleId: string;
  bundleName: string;
  featuredText: string;
  /** 1 is shown first. */
  priority: number;
  isActive: boolean;
  createdAt: IsoDateTime;
  /** Active, but another active row of the same bundle is shown instead (a lower priority number, or newer at the same). */
  shadowed: boolean;
}

/** GET: every row, active ones first, each group by priority (newest first at the same); and the bundles one may feature. */
export interface AdminFeaturedBundlesView {
  rows: AdminFeaturedBundleRow[];
  bundles: { id: string; name: string }[];
}

/**
 * POST: a new featured bundle, active (201 with AdminActionAnswer). `bundleName` is the bundle's id; 400 with `errors`
 * per field for an empty name or text, text over 120 characters, a priority not from 1 to 999, or an unknown bundle.
 */
export interface AdminFeaturedBundleInput {
  bundleName: string;
  featuredText: string;
  priority: number;
}

/** PUT …/:id/active. */
export interface AdminFeaturedBundleActiveInput {
  isActive: boolean;
}

/** PUT …/:id/priority: 400 `errors.priority` unless a whole number from 1 to 999. DELETE …/:id deletes the row. */
export interface AdminFeaturedBundlePriorityInput {
  priority: number;
}

// ── Admin, Share Incentives tab: GET /api/admin/share (docs/decisions/029) ──

export interface AdminShareVoucherRow {
  /** The whole code: the admin may have to read it to a parent who lost the email. */
  code: string;
  /** Null once forgotten: the voucher is used or expired and was issued at least 24 h ago (docs/decisions/036). */
  email: string | null;
  percent: number;
  status: ShareVoucherStatus;
  createdAt: IsoDateTime;
  expiresAt: IsoDateTime;
  usedAt: IsoDateTime | null;
}

export interface AdminShareView {
  /** The latest 10 share vouchers, newest first (ADMIN_SHARE_LIST_SIZE). */
  latest: AdminShareVoucherRow[];
  totals: { issued: number; used: number; active: number; expired: number };
  conversion: ShareConversion;
}
