// The API's error answers: one body shape, and a stable code beside the message so pages switch on codes, never on text.
// docs/api-contract.md says when each code is sent.
import { CATALOGUE_MESSAGES, CHECKOUT_MESSAGES, FALLBACK_ERROR_MESSAGE, SESSION_MESSAGES, SHARE_MESSAGES } from './errors.js';
import { VOUCHER_CHECKOUT_MESSAGES } from './validation/voucher.js';

/** Every code an error answer may carry. */
export const ApiErrorCode = {
  BadRequest: 'bad_request',
  ValidationFailed: 'validation_failed',
  Unauthorized: 'unauthorized',
  Forbidden: 'forbidden',
  NotFound: 'not_found',
  SessionNotFound: 'session_not_found',
  NothingChosen: 'nothing_chosen',
  VoucherUnusable: 'voucher_unusable',
  VoucherCheckFailed: 'voucher_check_failed',
  AlreadyPaid: 'already_paid',
  /** Share-for-voucher (docs/decisions/030): the share's proof fails SPEC's rule, or is suspicious. */
  ShareIncomplete: 'share_incomplete',
  /** The email already has an active (unused, unexpired) share voucher. */
  ShareVoucherExists: 'share_voucher_exists',
  /** A share voucher was issued to the email in the last 24 h, or more than 2 shares were tried. */
  SharedRecently: 'shared_recently',
  /** The session is for another product than the route's (a single-photo route with a custom-pages session). */
  WrongProduct: 'wrong_product',
  PhotoRefused: 'photo_refused',
  NotReady: 'not_ready',
  Conflict: 'conflict',
  PayloadTooLarge: 'payload_too_large',
  RateLimited: 'rate_limited',
  /** Admin sign-in paused after repeated failures; `message` says for how long (docs/decisions/026). */
  AdminLocked: 'admin_locked',
  Busy: 'busy',
  ProviderFailed: 'provider_failed',
  Unavailable: 'unavailable',
  Internal: 'internal',
} as const;
export type ApiErrorCode = (typeof ApiErrorCode)[keyof typeof ApiErrorCode];

/** Every error the API answers, whatever threw it. */
export interface ApiErrorBody {
  statusCode: number;
  code: ApiErrorCode;
  /** SPEC's words where it has them; for a form, the first field's message. */
  message: string;
  /** Also sent as the X-Request-Id header; the line in the server's log. */
  requestId: string;
  /** One message per field, keyed by the field's name in the request. */
  errors?: Record<string, string>;
}

const CODES: ReadonlySet<string> = new Set(Object.values(ApiErrorCode));

export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === 'string' && CODES.has(value);
}

/** The code an error answer gets when whoever threw it named none: from its status, and whether it names fields. */
export function defaultErrorCode(statusCode: number, hasFieldErrors: boolean): ApiErrorCode {
  switch (statusCode) {
    case 400:
      return hasFieldErrors ? ApiErrorCode.ValidationFailed : ApiErrorCode.BadRequest;
    case 401:
      return ApiErrorCode.Unauthorized;
    case 403:
      return ApiErrorCode.Forbidden;
    case 404:
      return ApiErrorCode.NotFound;
    case 409:
      return ApiErrorCode.Conflict;
    case 413:
      return ApiErrorCode.PayloadTooLarge;
    case 422:
      return ApiErrorCode.ValidationFailed;
    case 429:
      return ApiErrorCode.RateLimited;
    case 502:
      return ApiErrorCode.ProviderFailed;
    case 503:
      return ApiErrorCode.Unavailable;
  }
  return statusCode >= 500 ? ApiErrorCode.Internal : ApiErrorCode.BadRequest;
}

/**
 * What a parent reads for an error code when the page has nothing better to say, in SPEC §8's words. Codes left out
 * carry their own SPEC wording in the answer's `message` (a voucher's problem, a refused photo), or have none to show.
 */
export const API_ERROR_MESSAGES: Partial<Record<ApiErrorCode, string>> = {
  [ApiErrorCode.BadRequest]: CATALOGUE_MESSAGES.badRequest,
  [ApiErrorCode.ValidationFailed]: CATALOGUE_MESSAGES.checkYourInformation,
  [ApiErrorCode.Forbidden]: CATALOGUE_MESSAGES.accessDenied,
  [ApiErrorCode.SessionNotFound]: SESSION_MESSAGES.notFoundOrExpired,
  [ApiErrorCode.NothingChosen]: CHECKOUT_MESSAGES.nothingChosen,
  [ApiErrorCode.VoucherCheckFailed]: VOUCHER_CHECKOUT_MESSAGES.validationError,
  [ApiErrorCode.ShareIncomplete]: SHARE_MESSAGES.incomplete,
  [ApiErrorCode.ShareVoucherExists]: SHARE_MESSAGES.alreadyHasVoucher,
  [ApiErrorCode.SharedRecently]: SHARE_MESSAGES.sharedRecently,
  [ApiErrorCode.PayloadTooLarge]: CATALOGUE_MESSAGES.fileTooLarge,
  [ApiErrorCode.RateLimited]: CATALOGUE_MESSAGES.tooManyRequests,
  // Every upload slot taken: the parent is asked to wait, like a rate limit.
  [ApiErrorCode.Busy]: CATALOGUE_MESSAGES.tooManyRequests,
  [ApiErrorCode.Unavailable]: CATALOGUE_MESSAGES.connectionProblem,
  [ApiErrorCode.Internal]: FALLBACK_ERROR_MESSAGE,
};

/** The parent-facing message for an API error code; SPEC's catch-all for a code with no words of its own. */
export function userMessageForCode(code: ApiErrorCode): string {
  return API_ERROR_MESSAGES[code] ?? FALLBACK_ERROR_MESSAGE;
}
