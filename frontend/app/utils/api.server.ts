// The one typed client through which Remix server code reaches the REST API under /api.
// Calls go over loopback; Node's fetch (undici) keeps connections alive by default.
import type { AppLoadContext } from '@remix-run/node';
import type { OrderPrice } from '@colouring/domain';
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

// ---------- Shapes of the API ----------

export interface CatalogueLevel {
  id: number;
  name: string;
  ages: string;
  description: string;
}

export interface CatalogueScene {
  id: string;
  title: string;
  shortDescription: string;
}

export interface CatalogueBundle {
  id: string;
  name: string;
  description: string;
  scenes: CatalogueScene[];
}

export interface Catalogue {
  levels: CatalogueLevel[];
  bundles: CatalogueBundle[];
  /** Active featured bundles, most prominent (lowest priority number) first. */
  featured: { bundleId: string; text: string; priority: number }[];
  sceneCount: number;
  bundleCount: number;
}

export interface ContactMessageInput {
  email: string;
  category: string;
  message: string;
  magicCode?: string;
  /** Honeypot: people leave it empty; the API quietly drops messages that fill it. */
  website?: string;
}

/** `POST /api/sessions`: the new session and its magic code (kept by Remix in the httpOnly cookie). */
export interface CreatedSession {
  session: { id: string };
  magicCode: string;
}

/** `GET /api/sessions/current`: the session behind a magic code, never the code itself. */
export interface SessionView {
  id: string;
  childName: string;
  email: string;
  level: number;
  selectedScenes: string[];
  voucherCode: string | null;
  productTypes: string[];
  portrait: { status: 'pending' | 'ready' | 'failed'; progress: number };
  price: OrderPrice;
  pdf: {
    status: null | 'generating' | 'ready' | 'failed';
    progress: number;
    pagesDone?: number;
    pagesTotal?: number;
    error: string | null;
  };
  paid: boolean;
  /** The card provider's checkout of this order (the thank-you page's `session_id`), once one was started. */
  checkoutId: string | null;
  createdAt: string;
  expiresAt: string;
}

/** `GET /api/checkout/order?session_id=…`: an order as anyone holding the card provider's id may see it, nobody named. */
export interface CheckoutOrderView {
  paid: boolean;
  sceneCount: number;
  pdf: SessionView['pdf'];
  /** Ready, and paid less than a day ago: the provider's id alone downloads it. */
  downloadable: boolean;
}

/** `PUT /api/sessions/current/selection`: the server re-prices it and re-checks the voucher on every save. */
export interface SelectionInput {
  level: number;
  selectedScenes: string[];
  voucherCode: string | null;
}

/** A scene the parent wrote; it is selected as `custom:<id>`. */
export interface CustomScene {
  id: string;
  title: string;
  userPrompt: string;
  createdAt: string;
}

export interface CustomSceneFields {
  title: string;
  userPrompt: string;
}

/** `GET /api/checkout/summary`: the stored selection as the server will charge it. */
export interface CheckoutSummary {
  scenes: { id: string; title: string }[];
  price: OrderPrice;
  /** Why the saved voucher no longer applies; the price is then without it. */
  voucherMessage: string | null;
}

/** `GET /api/dev/mailbox` (development only): the emails saved instead of sent. */
export interface MailboxEntry {
  id: string;
  to: string;
  subject: string;
  date: string;
}

export interface Mailbox {
  /** The folder holding the .eml files. */
  directory: string;
  messages: MailboxEntry[];
}

/** `GET /api/dev/mailbox/:id`: one saved email in full. */
export interface MailboxMessage extends MailboxEntry {
  from: string;
  html: string;
  text: string;
  attachments: { filename: string; contentType: string; size: number }[];
}

/** Per-field messages, keyed by the field name the API was sent. */
export type FieldErrors = Record<string, string>;

/** The API's error body: `{ statusCode, message, requestId, errors? }`. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly requestId: string | undefined;
  readonly fieldErrors: FieldErrors;

  constructor(statusCode: number, message: string, requestId?: string, fieldErrors: FieldErrors = {}) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.requestId = requestId;
    this.fieldErrors = fieldErrors;
  }

  get isValidation(): boolean {
    return this.statusCode === 400 || this.statusCode === 422;
  }
}

/** The API could not be reached, or did not answer in time. */
export class ApiUnavailableError extends ApiError {
  constructor(reason: string) {
    super(503, `Network error: ${reason}`);
    this.name = 'ApiUnavailableError';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

// The API's `errors` is per-field; accept the shapes a validation pipe commonly produces.
function normaliseFieldErrors(raw: unknown): FieldErrors {
  const out: FieldErrors = {};
  if (!raw) return out;
  if (Array.isArray(raw)) {
    for (const item of raw) {
      if (item && typeof item === 'object') {
        const entry = item as { field?: unknown; property?: unknown; message?: unknown; constraints?: unknown };
        const field = typeof entry.field === 'string' ? entry.field : typeof entry.property === 'string' ? entry.property : undefined;
        const message =
          typeof entry.message === 'string'
            ? entry.message
            : entry.constraints && typeof entry.constraints === 'object'
              ? Object.values(entry.constraints as Record<string, unknown>).find((v): v is string => typeof v === 'string')
              : undefined;
        if (field && message && !out[field]) out[field] = message;
      }
    }
    return out;
  }
  if (typeof raw === 'object') {
    for (const [field, value] of Object.entries(raw as Record<string, unknown>)) {
      const message = Array.isArray(value) ? value.find((v): v is string => typeof v === 'string') : value;
      if (typeof message === 'string') out[field] = message;
    }
  }
  return out;
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const parsed = (body && typeof body === 'object' ? body : {}) as {
    statusCode?: unknown;
    message?: unknown;
    requestId?: unknown;
    errors?: unknown;
  };
  const message = Array.isArray(parsed.message)
    ? parsed.message.filter((m): m is string => typeof m === 'string').join(' ')
    : typeof parsed.message === 'string'
      ? parsed.message
      : response.statusText || 'Request failed';
  return new ApiError(
    typeof parsed.statusCode === 'number' ? parsed.statusCode : response.status,
    message,
    typeof parsed.requestId === 'string' ? parsed.requestId : (response.headers.get('x-request-id') ?? undefined),
    normaliseFieldErrors(parsed.errors),
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
    getCatalogue: () => call<Catalogue>('GET', '/catalogue'),
    sendContactMessage: (input: ContactMessageInput) => call<{ ok: true }>('POST', '/contact', { body: input }),
    // The API waits up to 20 s for the portrait's face check before it answers.
    createSession: (form: FormData) => call<CreatedSession>('POST', '/sessions', { form, timeoutMs: CREATE_SESSION_TIMEOUT_MS }),
    currentSession: (magicCode: string) => call<SessionView>('GET', '/sessions/current', { magicCode }),
    sendPreviewEmail: (magicCode: string) => call<{ sent: boolean }>('POST', '/sessions/current/preview-email', { magicCode }),
    restoreSession: (magicCode: string) => call<{ paid: boolean }>('POST', '/sessions/restore', { body: { magicCode } }),
    previewPng: (magicCode: string, query: { scene?: string; level?: number } = {}) =>
      stream('/sessions/current/preview.png', { magicCode, query }),
    downloadPdf: (magicCode: string) => stream('/sessions/current/pdf', { magicCode }),
    saveSelection: (magicCode: string, input: SelectionInput) =>
      call<SessionView>('PUT', '/sessions/current/selection', { magicCode, body: input }),
    listCustomScenes: (magicCode: string) => call<CustomScene[]>('GET', '/sessions/current/custom-scenes', { magicCode }),
    createCustomScene: (magicCode: string, fields: CustomSceneFields) =>
      call<CustomScene>('POST', '/sessions/current/custom-scenes', { magicCode, body: fields }),
    updateCustomScene: (magicCode: string, id: string, fields: CustomSceneFields) =>
      call<CustomScene>('PUT', `/sessions/current/custom-scenes/${encodeURIComponent(id)}`, { magicCode, body: fields }),
    deleteCustomScene: (magicCode: string, id: string) =>
      call<void>('DELETE', `/sessions/current/custom-scenes/${encodeURIComponent(id)}`, { magicCode }),
    checkoutSummary: (magicCode: string) => call<CheckoutSummary>('GET', '/checkout/summary', { magicCode }),
    startCheckout: (magicCode: string) => call<{ url: string }>('POST', '/checkout', { magicCode }),
    // The card provider's id goes in the query string, which no log keeps.
    checkoutOrder: (checkoutId: string) => call<CheckoutOrderView>('GET', '/checkout/order', { query: { session_id: checkoutId } }),
    downloadCheckoutPdf: (checkoutId: string) => stream('/checkout/order/pdf', { query: { session_id: checkoutId } }),
    // Development only: both answer 404 in production and whenever SMTP_URL is set.
    devMailbox: () => call<Mailbox>('GET', '/dev/mailbox'),
    devMailboxMessage: (id: string) => call<MailboxMessage>('GET', `/dev/mailbox/${encodeURIComponent(id)}`),
  };
}

export type Api = ReturnType<typeof api>;
