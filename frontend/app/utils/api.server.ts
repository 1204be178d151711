// The one typed client through which Remix server code reaches the REST API under /api.
// Calls go over loopback; Node's fetch (undici) keeps connections alive by default.
import type { AppLoadContext } from '@remix-run/node';
import {
  ApiErrorCode,
  defaultErrorCode,
  isApiErrorCode,
  userMessageForCode,
  type AdminFunnel,
  type AdminFunnelQuery,
  type ApiErrorBody,
  type CheckoutOrderView,
  type CheckoutStarted,
  type CheckoutSummary,
  type ContactAnswer,
  type ContactInput,
  type CustomSceneInput,
  type CustomSceneView,
  type MailboxMessageView,
  type MailboxView,
  type PreviewEmailAnswer,
  type PreviewQuery,
  type RestoreAnswer,
  type RestoreInput,
  type SceneCatalogueView,
  type SelectionInput,
  type SessionCreated,
  type SessionView,
  type ShareVoucherInput,
  type ShareVoucherSent,
  type SinglePhotoEmailInput,
  type SinglePhotoLevelInput,
  type SinglePhotoOrderView,
  type SinglePhotoStarted,
  type SinglePhotoStartInput,
  type VoucherInput,
} from '@colouring/domain';
import type {
  AdminActionAnswer,
  AdminEmailInput,
  AdminIdentityView,
  AdminSecurityView,
  AdminSessionsPage,
  AdminSessionsQuery,
  AdminSignedIn,
  AdminSignInInput,
} from '@colouring/domain';
import type {
  AdminFeaturedBundleActiveInput,
  AdminFeaturedBundleInput,
  AdminFeaturedBundlePriorityInput,
  AdminFeaturedBundlesView,
  AdminShareView,
} from '@colouring/domain';
import { env } from './env.server';

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** The browser's IP as the Express server saw it (`req.ip`), passed by `getLoadContext`. */
    clientIp?: string;
    /** Per-response Content-Security-Policy nonce for inline scripts. */
    cspNonce?: string;
  }
}

const DEFAULT_TIMEOUT_MS = 10_000;
const CREATE_SESSION_TIMEOUT_MS = 60_000;

// ---------- Errors ----------

/** The API refused what was sent (the parent can fix it), rather than failing. */
const REFUSALS: ReadonlySet<ApiErrorCode> = new Set([
  ApiErrorCode.BadRequest,
  ApiErrorCode.ValidationFailed,
  ApiErrorCode.PhotoRefused,
  ApiErrorCode.VoucherUnusable,
  ApiErrorCode.NothingChosen,
  ApiErrorCode.AlreadyPaid,
]);

/** An error answer of the API (ApiErrorBody): pages switch on its `code`, never on its words. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: ApiErrorCode;
  readonly requestId: string | undefined;
  /** One message per field, keyed by the field's name in the request. */
  readonly fieldErrors: Readonly<Record<string, string>>;

  constructor(statusCode: number, code: ApiErrorCode, message: string, requestId?: string, fieldErrors: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.code = code;
    this.requestId = requestId;
    this.fieldErrors = fieldErrors;
  }

  is(...codes: ApiErrorCode[]): boolean {
    return codes.includes(this.code);
  }

  /** The API refused the input (its `message` is SPEC's words for why), rather than failing. */
  get isRefusal(): boolean {
    return REFUSALS.has(this.code);
  }

  /** SPEC §8's words for this code, when the page has nothing better to say. */
  get userMessage(): string {
    return userMessageForCode(this.code);
  }
}

/** The API could not be reached, or did not answer in time. */
export class ApiUnavailableError extends ApiError {
  constructor(reason: string) {
    super(503, ApiErrorCode.Unavailable, `Network error: ${reason}`);
    this.name = 'ApiUnavailableError';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The magic code is unknown, malformed or expired: the page starts again at /create. */
export function isSessionGone(error: unknown): boolean {
  return isApiError(error) && error.is(ApiErrorCode.SessionNotFound);
}

/** Reads an error answer; a body that is not an ApiErrorBody (a proxy's page) keeps the HTTP status and its code. */
async function toApiError(response: Response): Promise<ApiError> {
  let body: Partial<Record<keyof ApiErrorBody, unknown>> = {};
  try {
    const parsed: unknown = await response.json();
    if (parsed && typeof parsed === 'object') body = parsed as typeof body;
  } catch {
    // Not JSON: the status says what happened.
  }
  const errors: Record<string, string> = {};
  if (body.errors && typeof body.errors === 'object') {
    for (const [field, message] of Object.entries(body.errors)) if (typeof message === 'string') errors[field] = message;
  }
  const statusCode = typeof body.statusCode === 'number' ? body.statusCode : response.status;
  return new ApiError(
    statusCode,
    isApiErrorCode(body.code) ? body.code : defaultErrorCode(statusCode, Object.keys(errors).length > 0),
    typeof body.message === 'string' ? body.message : response.statusText || 'Request failed',
    typeof body.requestId === 'string' ? body.requestId : (response.headers.get('x-request-id') ?? undefined),
    errors,
  );
}

// ---------- Who is calling ----------

interface Caller {
  ip: string | undefined;
  userAgent: string | undefined;
}

function callerOf(request: Request, context: AppLoadContext | undefined): Caller {
  const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return {
    ip: context?.clientIp || forwarded || undefined,
    userAgent: request.headers.get('user-agent') ?? undefined,
  };
}

interface CallOptions {
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  timeoutMs?: number;
  /** The session's magic code, sent only in the X-Magic-Code header (never in a URL). */
  magicCode?: string;
  /** The admin's token, sent only as `Authorization: Bearer` (never in a URL). */
  adminToken?: string;
  /** A multipart body (file uploads); fetch writes its own content type with the boundary. */
  form?: FormData;
}

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One typed API bound to the incoming request, so every call forwards the browser's IP and user agent.
 * Add an endpoint by adding a method below that calls `call`.
 */
export function api(request: Request, context?: AppLoadContext) {
  const caller = callerOf(request, context);

  async function call<T>(method: ApiMethod, path: string, options: CallOptions = {}): Promise<T> {
    const url = new URL(env.apiBaseUrl + path);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const headers = new Headers({ accept: 'application/json' });
    if (caller.ip) headers.set('x-forwarded-for', caller.ip);
    if (caller.userAgent) headers.set('user-agent', caller.userAgent);
    if (options.body !== undefined) headers.set('content-type', 'application/json');
    if (options.magicCode) headers.set('x-magic-code', options.magicCode);
    if (options.adminToken) headers.set('authorization', `Bearer ${options.adminToken}`);

    const signal = AbortSignal.any([request.signal, AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS)]);
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
        signal,
      });
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? 'the API did not answer in time' : 'Failed to fetch';
      throw new ApiUnavailableError(reason);
    }
    if (!response.ok) throw await toApiError(response);
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  }

  /**
   * A GET whose body (an image, a PDF) is passed on to the browser unread. The timeout covers only the wait
   * for the answer's headers, so a long download is never cut off; the browser going away still aborts it.
   */
  async function stream(path: string, options: Pick<CallOptions, 'query' | 'magicCode' | 'timeoutMs'> = {}): Promise<Response> {
    const url = new URL(env.apiBaseUrl + path);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const headers = new Headers();
    if (caller.ip) headers.set('x-forwarded-for', caller.ip);
    if (caller.userAgent) headers.set('user-agent', caller.userAgent);
    if (options.magicCode) headers.set('x-magic-code', options.magicCode);
    const headersDue = new AbortController();
    const timer = setTimeout(() => headersDue.abort(), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    let response: Response;
    try {
      response = await fetch(url, { headers, signal: AbortSignal.any([request.signal, headersDue.signal]) });
    } catch {
      throw new ApiUnavailableError(headersDue.signal.aborted ? 'the API did not answer in time' : 'Failed to fetch');
    } finally {
      clearTimeout(timer);
    }
    if (!response.ok) throw await toApiError(response);
    return response;
  }

  return {
    call,
    getCatalogue: () => call<SceneCatalogueView>('GET', '/catalogue'),
    sendContactMessage: (input: ContactInput) => call<ContactAnswer>('POST', '/contact', { body: input }),
    // The API waits up to 20 s for the portrait's face check before it answers.
    createSession: (form: FormData) => call<SessionCreated>('POST', '/sessions', { form, timeoutMs: CREATE_SESSION_TIMEOUT_MS }),
    currentSession: (magicCode: string) => call<SessionView>('GET', '/sessions/current', { magicCode }),
    sendPreviewEmail: (magicCode: string) => call<PreviewEmailAnswer>('POST', '/sessions/current/preview-email', { magicCode }),
    restoreSession: (magicCode: string) => call<RestoreAnswer>('POST', '/sessions/restore', { body: { magicCode } satisfies RestoreInput }),
    previewPng: (magicCode: string, query: PreviewQuery = {}) =>
      stream('/sessions/current/preview.png', { magicCode, query: { ...query } }),
    downloadPdf: (magicCode: string) => stream('/sessions/current/pdf', { magicCode }),
    saveSelection: (magicCode: string, input: SelectionInput) =>
      call<SessionView>('PUT', '/sessions/current/selection', { magicCode, body: input }),
    listCustomScenes: (magicCode: string) => call<CustomSceneView[]>('GET', '/sessions/current/custom-scenes', { magicCode }),
    createCustomScene: (magicCode: string, fields: CustomSceneInput) =>
      call<CustomSceneView>('POST', '/sessions/current/custom-scenes', { magicCode, body: fields }),
    updateCustomScene: (magicCode: string, id: string, fields: CustomSceneInput) =>
      call<CustomSceneView>('PUT', `/sessions/current/custom-scenes/${encodeURIComponent(id)}`, { magicCode, body: fields }),
    deleteCustomScene: (magicCode: string, id: string) =>
      call<void>('DELETE', `/sessions/current/custom-scenes/${encodeURIComponent(id)}`, { magicCode }),
    // Single photo: a draft order on the server, one photo per request (its line art is drawn before the answer).
    startSinglePhoto: (input: SinglePhotoStartInput) => call<SinglePhotoStarted>('POST', '/single-photo', { body: input }),
    singlePhotoOrder: (magicCode: string) => call<SinglePhotoOrderView>('GET', '/single-photo', { magicCode }),
    addSinglePhoto: (magicCode: string, form: FormData) =>
      call<SinglePhotoOrderView>('POST', '/single-photo/photos', { magicCode, form, timeoutMs: CREATE_SESSION_TIMEOUT_MS }),
    setSinglePhotoLevel: (magicCode: string, id: string, input: SinglePhotoLevelInput) =>
      call<SinglePhotoOrderView>('PUT', `/single-photo/photos/${encodeURIComponent(id)}`, { magicCode, body: input }),
    setAllSinglePhotoLevels: (magicCode: string, input: SinglePhotoLevelInput) =>
      call<SinglePhotoOrderView>('PUT', '/single-photo/level', { magicCode, body: input }),
    removeSinglePhoto: (magicCode: string, id: string) =>
      call<SinglePhotoOrderView>('DELETE', `/single-photo/photos/${encodeURIComponent(id)}`, { magicCode }),
    setSinglePhotoEmail: (magicCode: string, input: SinglePhotoEmailInput) =>
      call<SinglePhotoOrderView>('PUT', '/single-photo/email', { magicCode, body: input }),
    /** The photo's line art at a level, small, as a PNG (the photo itself is gone). */
    singlePhotoArtPng: (magicCode: string, id: string, level: number) =>
      stream(`/single-photo/photos/${encodeURIComponent(id)}/art.png`, { magicCode, query: { level } }),
    setCheckoutVoucher: (magicCode: string, input: VoucherInput) =>
      call<CheckoutSummary>('PUT', '/checkout/voucher', { magicCode, body: input }),
    // The share's proof, checked again by the API, which issues the voucher and emails it (docs/decisions/030).
    requestShareVoucher: (magicCode: string, proof: ShareVoucherInput) =>
      call<ShareVoucherSent>('POST', '/sessions/current/share-voucher', { magicCode, body: proof }),
    checkoutSummary: (magicCode: string) => call<CheckoutSummary>('GET', '/checkout/summary', { magicCode }),
    startCheckout: (magicCode: string) => call<CheckoutStarted>('POST', '/checkout', { magicCode }),
    // The card provider's id goes in the query string, which no log keeps.
    checkoutOrder: (checkoutId: string) => call<CheckoutOrderView>('GET', '/checkout/order', { query: { session_id: checkoutId } }),
    downloadCheckoutPdf: (checkoutId: string) => stream('/checkout/order/pdf', { query: { session_id: checkoutId } }),
    // Development only: both answer 404 in production and whenever SMTP_URL is set.
    devMailbox: () => call<MailboxView>('GET', '/dev/mailbox'),
    devMailboxMessage: (id: string) => call<MailboxMessageView>('GET', `/dev/mailbox/${encodeURIComponent(id)}`),
    // Admin: every call but signing in carries the admin's token; the API refuses it (401) without a live admin session.
    adminSignIn: (input: AdminSignInInput) => call<AdminSignedIn>('POST', '/admin/session', { body: input }),
    adminWhoAmI: (adminToken: string) => call<AdminIdentityView>('GET', '/admin/session', { adminToken }),
    adminSignOut: (adminToken: string) => call<void>('DELETE', '/admin/session', { adminToken }),
    adminSessions: (adminToken: string, query: AdminSessionsQuery) =>
      call<AdminSessionsPage>('GET', '/admin/sessions', { adminToken, query: { ...query } }),
    adminResendFinalEmail: (adminToken: string, sessionId: string) =>
      call<AdminActionAnswer>('POST', `/admin/sessions/${encodeURIComponent(sessionId)}/final-email`, { adminToken }),
    adminCorrectEmail: (adminToken: string, sessionId: string, input: AdminEmailInput) =>
      call<AdminActionAnswer>('PUT', `/admin/sessions/${encodeURIComponent(sessionId)}/email`, { adminToken, body: input }),
    adminRetryPdf: (adminToken: string, sessionId: string) =>
      call<AdminActionAnswer>('POST', `/admin/sessions/${encodeURIComponent(sessionId)}/pdf`, { adminToken }),
    adminSecurity: (adminToken: string) => call<AdminSecurityView>('GET', '/admin/security', { adminToken }),
    adminAcknowledgeAlert: (adminToken: string, alertId: string) =>
      call<AdminActionAnswer>('POST', `/admin/security/alerts/${encodeURIComponent(alertId)}/acknowledge`, { adminToken }),
    adminFeaturedBundles: (adminToken: string) => call<AdminFeaturedBundlesView>('GET', '/admin/featured-bundles', { adminToken }),
    adminCreateFeaturedBundle: (adminToken: string, input: AdminFeaturedBundleInput) =>
      call<AdminActionAnswer>('POST', '/admin/featured-bundles', { adminToken, body: input }),
    adminSetFeaturedBundleActive: (adminToken: string, id: number, input: AdminFeaturedBundleActiveInput) =>
      call<AdminActionAnswer>('PUT', `/admin/featured-bundles/${id}/active`, { adminToken, body: input }),
    adminSetFeaturedBundlePriority: (adminToken: string, id: number, input: AdminFeaturedBundlePriorityInput) =>
      call<AdminActionAnswer>('PUT', `/admin/featured-bundles/${id}/priority`, { adminToken, body: input }),
    adminDeleteFeaturedBundle: (adminToken: string, id: number) =>
      call<AdminActionAnswer>('DELETE', `/admin/featured-bundles/${id}`, { adminToken }),
    adminShare: (adminToken: string) => call<AdminShareView>('GET', '/admin/share', { adminToken }),
    adminFunnel: (adminToken: string, query: AdminFunnelQuery) =>
      call<AdminFunnel>('GET', '/admin/funnel', { adminToken, query: { ...query } }),
  };
}

export type Api = ReturnType<typeof api>;
