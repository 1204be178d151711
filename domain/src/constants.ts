// Every limit and timing of SPEC §9, named once so backend and frontend never retype a number.

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

// ── Photo upload ────────────────────────────────────────────────────────────

/** Largest photo accepted: 5 MB. */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** Smallest photo accepted: anything under 1 KB cannot be a real photo. */
export const PHOTO_MIN_BYTES = 1024;
/** Shortest side a photo may have, in pixels. */
export const PHOTO_MIN_SIDE_PX = 200;
/** Longest side a photo may have, in pixels. */
export const PHOTO_MAX_SIDE_PX = 4000;
/** MIME types a photo may declare. */
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** File extensions a photo may carry (compared lower-cased). */
export const PHOTO_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp'] as const;
/** A photo waiting between upload and session creation is deleted after 15 minutes. */
export const PHOTO_STAGING_MAX_AGE_MS = 15 * MINUTE_MS;

// ── Form fields ─────────────────────────────────────────────────────────────

/** Longest child's name, in UTF-16 units (what an HTML maxlength counts). */
export const CHILD_NAME_MAX_LENGTH = 50;
/** Longest email address (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;
/** Longest custom scene title. */
export const CUSTOM_SCENE_TITLE_MAX_LENGTH = 50;
/** Longest custom scene description. */
export const CUSTOM_SCENE_DESCRIPTION_MAX_LENGTH = 300;
/** Shortest description the prompt checker accepts as valid. */
export const CUSTOM_SCENE_DESCRIPTION_MIN_LENGTH = 10;
/** Longest contact message; SPEC is silent, 5000 is ample for a support request. */
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;
/** A magic code is 64 lower-case hex characters (32 random bytes). */
export const MAGIC_CODE_LENGTH = 64;
/** Lowest (most prominent) featured-bundle priority. */
export const FEATURED_BUNDLE_MIN_PRIORITY = 1;
/** Highest featured-bundle priority the admin may set; SPEC gives none, 999 is far more than there are bundles. */
export const FEATURED_BUNDLE_MAX_PRIORITY = 999;
/** Longest featured text: it is one line under a bundle's name on the scene picker's button. */
export const FEATURED_TEXT_MAX_LENGTH = 120;

// ── Cropping ────────────────────────────────────────────────────────────────

/** Crop zoom slider: 1 to 3 in steps of 0.1. */
export const ZOOM = { min: 1, max: 3, step: 0.1 } as const;
/** Crop aspect ratios (width / height) per product. */
export const CROP_ASPECTS = {
  create: 1,
  dotToDot: 1,
  singlePhotoPortrait: 3 / 4,
  singlePhotoLandscape: 4 / 3,
} as const;

/** A single photo's page: the crop's shape, and so the page's orientation. */
export type PhotoAspect = 'portrait' | 'landscape';
export const PHOTO_ASPECTS: readonly { id: PhotoAspect; label: string; ratio: number }[] = [
  { id: 'portrait', label: 'Portrait 3:4', ratio: CROP_ASPECTS.singlePhotoPortrait },
  { id: 'landscape', label: 'Landscape 4:3', ratio: CROP_ASPECTS.singlePhotoLandscape },
];

/**
 * The most photos one single-photo order holds (SPEC gives none): a school class of 30 to 40 fits with room to spare,
 * and the book still prints in one job within its time limit (docs/decisions/025).
 */
export const MAX_PHOTOS_PER_ORDER = 50;

/** The dot-to-dot book: a cover, then for each of these levels a dot-to-dot page and its finished outline, then the end. */
export const DOT_TO_DOT_BOOK_LEVELS: readonly LevelId[] = [1, 2, 3];

// ── Levels ──────────────────────────────────────────────────────────────────

export interface ColouringLevel {
  readonly id: 1 | 2 | 3 | 4;
  readonly name: string;
  readonly ages: string;
  readonly description: string;
}

/** The four difficulty levels of SPEC §3, easiest first. */
export const COLOURING_LEVELS: readonly ColouringLevel[] = [
  { id: 1, name: 'Simple', ages: '2-4', description: 'Large shapes, minimal detail' },
  { id: 2, name: 'Easy', ages: '4-6', description: 'Basic outlines' },
  { id: 3, name: 'Medium', ages: '6-8', description: 'Moderate detail' },
  { id: 4, name: 'Advanced', ages: '8+', description: 'Intricate detail' },
];

export type LevelId = ColouringLevel['id'];

/** Level a new session starts at, chosen until the parent picks another. */
export const DEFAULT_LEVEL: LevelId = 2;
/** Dot-to-dot is always made at this level. */
export const DOT_TO_DOT_LEVEL: LevelId = 2;

// ── Sessions, refunds, delivery ─────────────────────────────────────────────

/** A session (and its magic code) expires after 30 days. */
export const SESSION_LIFETIME_DAYS = 30;
export const SESSION_LIFETIME_MS = SESSION_LIFETIME_DAYS * DAY_MS;
/** A refund or a fix is offered within 7 days. */
export const REFUND_WINDOW_DAYS = 7;
/** The download link arrives within 5 to 10 minutes (customer promise). */
export const DOWNLOAD_LINK_MINUTES = { min: 5, max: 10 } as const;
/** Contact replies are aimed within 24 hours (customer promise). */
export const CONTACT_REPLY_HOURS = 24;

// ── Timings of the customer pages ───────────────────────────────────────────

/** The preview page shows its loading text for 1.5 s. */
export const PREVIEW_DELAY_MS = 1500;
/** Contact thank-you page goes home after 6 s. */
export const CONTACT_REDIRECT_MS = 6 * SECOND_MS;
/** Scene selections are saved after 1 s without changes. */
export const AUTOSAVE_DELAY_MS = SECOND_MS;
/** Estimated PDF generation time per selected scene. */
export const GENERATION_ESTIMATE_MS_PER_SCENE = 5 * SECOND_MS;
/** The thank-you page polls the PDF status this often. */
export const PDF_POLL_INTERVAL_MS = 5 * SECOND_MS;
/** 'Copied' confirmation after copying the magic code stays this long. */
export const COPY_CONFIRMATION_MS = 2 * SECOND_MS;

// ── Scene picker ────────────────────────────────────────────────────────────

/** The progress bar grows 5% per selected scene, up to 100%. */
export const PROGRESS_PERCENT_PER_SCENE = 5;
export const PROGRESS_MAX_PERCENT = 100;
/** Selected-scene counts that show an unlock message with confetti. */
export const UNLOCK_THRESHOLDS = [5, 10, 20] as const;
/** Confetti particles per burst. */
export const CONFETTI_PARTICLES = 150;

// ── Share-for-voucher ───────────────────────────────────────────────────────

/** Discount a share voucher gives, in percent. */
export const SHARE_VOUCHER_PERCENT = 25;
/** A share voucher is valid for 30 days. */
export const SHARE_VOUCHER_VALID_DAYS = 30;
export const SHARE_VOUCHER_VALID_MS = SHARE_VOUCHER_VALID_DAYS * DAY_MS;
/** At most one share voucher per email in this window. */
export const SHARE_VOUCHER_COOLDOWN_MS = 24 * HOUR_MS;
/** More than this many share vouchers in 24 h is suspicious. */
export const SHARE_VOUCHER_SUSPICIOUS_ABOVE_PER_DAY = 2;
/** The share pop-up's size in pixels. */
export const SHARE_WINDOW = { width: 626, height: 436 } as const;
/** How often the share pop-up is checked for closing. */
export const SHARE_WINDOW_CHECK_INTERVAL_MS = 2 * SECOND_MS;
/** A share pop-up still open after 10 minutes counts as shared. */
export const SHARE_WINDOW_TIMEOUT_MS = 10 * MINUTE_MS;
/** A share must keep the window open at least 30 s. */
export const SHARE_MIN_OPEN_MS = 30 * SECOND_MS;
/** Focus events a same-origin share needs. */
export const SHARE_MIN_FOCUS_EVENTS = 2;
/** Focus events a cross-origin close needs (the browser hides more). */
export const SHARE_MIN_FOCUS_EVENTS_CROSS_ORIGIN = 1;
/** Closing the share window sooner than this is suspicious. */
export const SHARE_SUSPICIOUS_CLOSE_MS = 5 * SECOND_MS;
/** After this long open, fewer than 2 focus events is suspicious. */
export const SHARE_SUSPICIOUS_FOCUS_AFTER_MS = 10 * SECOND_MS;
/** A gap longer than this between two window checks is suspicious. */
export const SHARE_SUSPICIOUS_CHECK_GAP_MS = 60 * SECOND_MS;
/** Share session ids must start with this prefix. */
export const SHARE_SESSION_ID_PREFIX = 'share_';

// ── Admin and security ──────────────────────────────────────────────────────

/** The admin share tab lists the latest 10 share vouchers. */
export const ADMIN_SHARE_LIST_SIZE = 10;
/** The security dashboard refreshes every 5 minutes. */
export const SECURITY_REFRESH_MS = 5 * MINUTE_MS;
/** Rate-limit alert when a session's access_count is above this. */
export const ACCESS_COUNT_ALERT_ABOVE = 100;
/** Failed-validation alert: more than 10 invalid accesses in an hour… */
export const FAILED_VALIDATION_ALERT_ABOVE_PER_HOUR = 10;
/** …with more than 5 of them from one address. */
export const FAILED_VALIDATION_ALERT_ABOVE_PER_ADDRESS = 5;
/** Conversion-rate advice bands, in percent: below low is poor, above high is good. */
export const CONVERSION_RATE_THRESHOLDS = { low: 15, high: 30 } as const;

// ── Home page and metadata ──────────────────────────────────────────────────

/** Each carousel step scrolls 280 px. */
export const CAROUSEL_STEP_PX = 280;
/** Dragging the carousel scrolls at twice the pointer's speed. */
export const CAROUSEL_DRAG_MULTIPLIER = 2;
/** Open Graph locale. */
export const LOCALE = 'en_GB';
/** Currency of every price; amounts are stored in pence. */
export const CURRENCY = 'GBP';
/** Social image used when a page names none. */
export const DEFAULT_SOCIAL_IMAGE = '/social/og-image3.jpg';

// ── Toasts ──────────────────────────────────────────────────────────────────

/** Toast durations per kind; loading toasts stay until dismissed. */
export const TOAST_DURATIONS_MS = {
  blank: 4 * SECOND_MS,
  error: 4 * SECOND_MS,
  success: 2 * SECOND_MS,
  custom: 4 * SECOND_MS,
  loading: Infinity,
} as const;

// ── Selections ──────────────────────────────────────────────────────────────

/** A parent's own scene in a selection (`selected_scenes`, the picker's checkboxes): this prefix, then its id. */
export const CUSTOM_SCENE_PREFIX = 'custom:';
