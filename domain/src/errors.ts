// The error catalogue of SPEC §8: raw error text → what a parent reads, plus every other fixed message,
// so backend and frontend import one wording instead of retyping it.

import { CONVERSION_RATE_THRESHOLDS, MAX_PHOTOS_PER_ORDER } from './constants.js';
export interface CatalogueEntry {
  /** Matched as a case-insensitive substring of the error text. */
  readonly contains: string;
  readonly message: string;
}

/** Also what a page answers to a cross-site form post. */
export const ACCESS_DENIED_MESSAGE = 'Access denied. Please refresh and try again.';

/** The messages of SPEC §8's catalogue, by what went wrong; the API's error codes reuse them (api-errors.ts). */
export const CATALOGUE_MESSAGES = {
  sessionStartFailed: 'Unable to start your session. Please try again.',
  badRequest: 'There was a problem with your request. Please try again.',
  accessDenied: ACCESS_DENIED_MESSAGE,
  connectionProblem: 'Connection problem. Please check your internet and try again.',
  checkYourInformation: 'Please check your information and try again.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  fileTooLarge: 'The file you selected is too large. Please choose a smaller file.',
  invalidFileType: 'Please select a valid image file (JPEG, PNG, or WebP).',
  sessionExpired: 'Your session has expired. Please start over.',
  paymentFailed: 'Payment could not be processed. Please try again.',
  emailSendFailed: 'Unable to send email. Please contact support if this continues.',
} as const;

/**
 * Checked top to bottom; the first match wins. For errors that carry no API code: the browser's own failures
 * ('Failed to fetch'), the API out of reach, thrown Errors. An API answer is read by its code (userMessageForCode).
 */
export const ERROR_CATALOGUE: readonly CatalogueEntry[] = [
  { contains: 'Session creation failed', message: CATALOGUE_MESSAGES.sessionStartFailed },
  { contains: 'invalid input syntax', message: CATALOGUE_MESSAGES.badRequest },
  { contains: 'row-level security policy', message: CATALOGUE_MESSAGES.accessDenied },
  { contains: 'Network error', message: CATALOGUE_MESSAGES.connectionProblem },
  { contains: 'Failed to fetch', message: CATALOGUE_MESSAGES.connectionProblem },
  { contains: 'Validation failed', message: CATALOGUE_MESSAGES.checkYourInformation },
  { contains: 'Rate limit exceeded', message: CATALOGUE_MESSAGES.tooManyRequests },
  { contains: 'File too large', message: CATALOGUE_MESSAGES.fileTooLarge },
  { contains: 'Invalid file type', message: CATALOGUE_MESSAGES.invalidFileType },
  { contains: 'Session expired', message: CATALOGUE_MESSAGES.sessionExpired },
  { contains: 'Payment failed', message: CATALOGUE_MESSAGES.paymentFailed },
  { contains: 'Email send failed', message: CATALOGUE_MESSAGES.emailSendFailed },
];

export const FALLBACK_ERROR_MESSAGE = 'Something went wrong. Please try again or contact support if the problem continues.';

function errorText(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message;
  }
  return '';
}

/**
 * The parent-facing message for an error without an API code (a browser failure, the API out of reach), by its text
 * or anything with a `message`. An API error answer is read by its code: userMessageForCode.
 */
export function userMessageFor(error: unknown): string {
  const text = errorText(error).toLowerCase();
  return ERROR_CATALOGUE.find((entry) => text.includes(entry.contains.toLowerCase()))?.message ?? FALLBACK_ERROR_MESSAGE;
}

// ── Fixed messages of SPEC §8 ───────────────────────────────────────────────

/** Generic retry message shared by several screens. */
export const TRY_AGAIN_MESSAGE = 'Something went wrong. Please try again.';

export const SESSION_MESSAGES = {
  notFound: 'Session not found',
  notFoundRefresh: 'Session not found. Please refresh the page and try again.',
  validationFailed: 'Session validation failed',
  retrieveFailed: 'Could not retrieve session data',
  restoring: 'Restoring your session…',
  notFoundOrExpired: 'Session not found or expired.',
  createFailed: CATALOGUE_MESSAGES.sessionStartFailed,
  creating: 'Creating secure session…',
  alreadyPaid: 'This order is already paid.',
} as const;

export const SCENE_MESSAGES = {
  saveCustomSceneFailed: 'Failed to create/update custom scene',
  deleteCustomSceneFailed: 'Failed to delete custom scene',
  selectLevelAndScene: 'Please select a difficulty level and at least one scene',
  selectScene: 'Please select at least one scene',
  saveSelectionFailed: 'Failed to save your selection',
  generic: TRY_AGAIN_MESSAGE,
} as const;

/** 'Failed to create/update custom scene: {reason}'. */
export function customSceneSaveFailed(reason: string): string {
  return `${SCENE_MESSAGES.saveCustomSceneFailed}: ${reason}`;
}

export const CHECKOUT_MESSAGES = {
  sessionLoadFailed: 'Unable to load your session. Please try again.',
  nothingChosen: 'Please select some products first.',
  startFailed: 'Failed to start checkout. Please try again.',
} as const;

export const SHARE_MESSAGES = {
  allowPopups: 'Please allow popups to share and get your voucher',
  incomplete: 'Please complete the sharing process to get your voucher',
  alreadyHasVoucher: 'You already have a share voucher! Check your email.',
  sharedRecently: "You've already shared recently...",
  generateFailed: 'Unable to generate voucher. Please contact support.',
  sent: 'Shared! Check Your Email',
} as const;

export const CONTACT_MESSAGES = {
  fillIn: 'Please fill in your email and message.',
  generic: TRY_AGAIN_MESSAGE,
  thanks: 'Thanks for your message!',
} as const;

export const THANK_YOU_MESSAGES = {
  missingSessionId: 'Missing session ID',
  pdfFailed: 'PDF generation failed. Please contact support.',
} as const;

/** 'Something went wrong: {detail}', shown when polling the PDF status fails. */
export function pollingFailed(detail: string): string {
  return `Something went wrong: ${detail}`;
}

export const PREVIEW_MESSAGES = {
  loading: 'Generating your cartoon preview…',
  heading: "Here's Your Cartoon Preview!",
  sneakPeek: "This is just a sneak peek. Once you choose scenes and pay, we'll generate the full book!",
  sendFailed: 'Unable to send preview email',
  sendFailedShown: 'Failed to send preview email.',
} as const;

/** Guard message of the create form, also used by dot-to-dot. */
export const COMPLETE_REQUIRED_FIELDS = 'Please complete all required fields';

export const SINGLE_PHOTO_MESSAGES = {
  createOrderFailed: 'Failed to create order',
  enterValidEmail: 'Please enter a valid email address to continue',
  uploadAndCrop: 'Please upload and crop at least one photo',
  adjustCrop: 'Please adjust your photo using the cropping tool',
  creatingOrder: 'Creating Order...',
  largeOrder: 'Large order',
  tooManyPhotos: `You can add up to ${MAX_PHOTOS_PER_ORDER} photos to one order. For more, please start a second order.`,
  notSinglePhoto: 'This session is not a single-photo order.',
  photoNotFound: 'That photo is no longer in your order.',
  chooseLevel: 'Please choose a difficulty level',
  chooseAspect: 'Please choose Portrait 3:4 or Landscape 4:3',
} as const;

export const DOT_TO_DOT_MESSAGES = {
  saveFailed: 'Failed to save dot-to-dot data',
  invalidName: 'Please enter a valid name',
  completeFields: COMPLETE_REQUIRED_FIELDS,
} as const;

/** The generic request wrapper's message when an answer names no error. */
export const REQUEST_FAILED = 'Request failed';

/** Why the artwork engine refuses a portrait; each asks for a photo it can work with. */
export const PORTRAIT_MESSAGES = {
  noFace: "We couldn't find a face in this photo. Please upload a clear, front-facing photo of one child.",
  severalFaces: 'We found more than one face in this photo. Please upload a clear, front-facing photo of one child.',
  faceTurned: 'The face is turned too far to the side. Please upload a clear, front-facing photo of one child.',
} as const;

/** The admin's Featured Bundles tab: what each action did, or why it could not (SPEC §8: admin failures are told). */
export const FEATURED_BUNDLE_ADMIN_MESSAGES = {
  created: (bundle: string) => `${bundle} is featured.`,
  activated: (bundle: string) => `The ${bundle} feature is active: parents see it.`,
  deactivated: (bundle: string) => `The ${bundle} feature is inactive: parents no longer see it.`,
  priorityChanged: (bundle: string, priority: number) => `The ${bundle} feature now has priority ${priority}.`,
  deleted: (bundle: string) => `The ${bundle} feature is deleted.`,
  unknownBundle: 'There is no bundle with that name. Choose one from the list.',
  notFound: 'That featured bundle no longer exists.',
} as const;

/**
 * The Share Incentives tab's advice on the conversion rate (share vouchers used / issued). SPEC §9 gives the thresholds,
 * 15% and 30% (CONVERSION_RATE_THRESHOLDS), but not the words: these are ours.
 */
export const SHARE_CONVERSION_ADVICE = {
  none: 'No share vouchers have been issued yet, so there is no conversion rate.',
  low: `Below ${CONVERSION_RATE_THRESHOLDS.low}%: few parents come back with their voucher. Make the voucher email clearer, or remind parents before it expires.`,
  medium: `Between ${CONVERSION_RATE_THRESHOLDS.low}% and ${CONVERSION_RATE_THRESHOLDS.high}%: a fair share of parents come back. A reminder before the voucher expires could lift it.`,
  high: `Above ${CONVERSION_RATE_THRESHOLDS.high}%: sharing brings parents back well. Keep the offer as it is.`,
} as const;

/** The admin's Security tab (docs/decisions/028): what acknowledging an alert did, or why it could not. */
export const SECURITY_TAB_MESSAGES = {
  acknowledged: 'Alert acknowledged.',
  alertNotOpen: 'That alert is already acknowledged, or no longer exists.',
} as const;
