import * as c from './constants.js';

const DAY = 24 * 60 * 60 * 1000;

describe('SPEC §9 limits and timings', () => {
  it.each([
    ['PHOTO_MAX_BYTES', c.PHOTO_MAX_BYTES, 5_242_880],
    ['PHOTO_MIN_BYTES', c.PHOTO_MIN_BYTES, 1024],
    ['PHOTO_MIN_SIDE_PX', c.PHOTO_MIN_SIDE_PX, 200],
    ['PHOTO_MAX_SIDE_PX', c.PHOTO_MAX_SIDE_PX, 4000],
    ['FILENAME_MAX_LENGTH', c.FILENAME_MAX_LENGTH, 100],
    ['PHOTO_STAGING_MAX_AGE_MS', c.PHOTO_STAGING_MAX_AGE_MS, 900_000],
    ['CHILD_NAME_MAX_LENGTH', c.CHILD_NAME_MAX_LENGTH, 50],
    ['EMAIL_MAX_LENGTH', c.EMAIL_MAX_LENGTH, 254],
    ['CUSTOM_SCENE_TITLE_MAX_LENGTH', c.CUSTOM_SCENE_TITLE_MAX_LENGTH, 50],
    ['CUSTOM_SCENE_DESCRIPTION_MAX_LENGTH', c.CUSTOM_SCENE_DESCRIPTION_MAX_LENGTH, 300],
    ['CONTACT_MESSAGE_MAX_LENGTH', c.CONTACT_MESSAGE_MAX_LENGTH, 5000],
    ['MAGIC_CODE_LENGTH', c.MAGIC_CODE_LENGTH, 64],
    ['SESSION_LIFETIME_MS', c.SESSION_LIFETIME_MS, 30 * DAY],
    ['REFUND_WINDOW_DAYS', c.REFUND_WINDOW_DAYS, 7],
    ['PREVIEW_DELAY_MS', c.PREVIEW_DELAY_MS, 1500],
    ['CONTACT_REDIRECT_MS', c.CONTACT_REDIRECT_MS, 6000],
    ['AUTOSAVE_DELAY_MS', c.AUTOSAVE_DELAY_MS, 1000],
    ['GENERATION_ESTIMATE_MS_PER_SCENE', c.GENERATION_ESTIMATE_MS_PER_SCENE, 5000],
    ['PDF_POLL_INTERVAL_MS', c.PDF_POLL_INTERVAL_MS, 5000],
    ['COPY_CONFIRMATION_MS', c.COPY_CONFIRMATION_MS, 2000],
    ['PROGRESS_PERCENT_PER_SCENE', c.PROGRESS_PERCENT_PER_SCENE, 5],
    ['PROGRESS_MAX_PERCENT', c.PROGRESS_MAX_PERCENT, 100],
    ['CONFETTI_PARTICLES', c.CONFETTI_PARTICLES, 150],
    ['SHARE_VOUCHER_PERCENT', c.SHARE_VOUCHER_PERCENT, 25],
    ['SHARE_VOUCHER_VALID_MS', c.SHARE_VOUCHER_VALID_MS, 30 * DAY],
    ['SHARE_VOUCHER_COOLDOWN_MS', c.SHARE_VOUCHER_COOLDOWN_MS, DAY],
    ['SHARE_WINDOW_CHECK_INTERVAL_MS', c.SHARE_WINDOW_CHECK_INTERVAL_MS, 2000],
    ['SHARE_WINDOW_TIMEOUT_MS', c.SHARE_WINDOW_TIMEOUT_MS, 600_000],
    ['SHARE_MIN_OPEN_MS', c.SHARE_MIN_OPEN_MS, 30_000],
    ['ADMIN_SHARE_LIST_SIZE', c.ADMIN_SHARE_LIST_SIZE, 10],
    ['SECURITY_REFRESH_MS', c.SECURITY_REFRESH_MS, 300_000],
    ['ACCESS_COUNT_ALERT_ABOVE', c.ACCESS_COUNT_ALERT_ABOVE, 100],
    ['FAILED_VALIDATION_ALERT_ABOVE_PER_HOUR', c.FAILED_VALIDATION_ALERT_ABOVE_PER_HOUR, 10],
    ['FAILED_VALIDATION_ALERT_ABOVE_PER_ADDRESS', c.FAILED_VALIDATION_ALERT_ABOVE_PER_ADDRESS, 5],
    ['CAROUSEL_STEP_PX', c.CAROUSEL_STEP_PX, 280],
    ['CAROUSEL_REVIEW_COUNT', c.CAROUSEL_REVIEW_COUNT, 8],
    ['PREVIEW_IMAGE_COUNT', c.PREVIEW_IMAGE_COUNT, 5],
    ['ERROR_LOG_MAX_ENTRIES', c.ERROR_LOG_MAX_ENTRIES, 50],
    ['USER_AGENT_MAX_LENGTH', c.USER_AGENT_MAX_LENGTH, 200],
    ['TOAST_MAX', c.TOAST_MAX, 20],
  ])('%s is %p', (_, value, expected) => {
    expect(value).toBe(expected);
  });

  it('names the texts of §9: locale, currency, social image, error-log key', () => {
    expect([c.LOCALE, c.CURRENCY, c.DEFAULT_SOCIAL_IMAGE, c.ERROR_LOG_STORAGE_KEY]).toEqual([
      'en_GB',
      'GBP',
      '/social/og-image3.jpg',
      'error_logs',
    ]);
  });

  it('lets the zoom slider go from 1 to 3 in twenty steps of 0.1', () => {
    expect(Math.round((c.ZOOM.max - c.ZOOM.min) / c.ZOOM.step)).toBe(20);
    expect(c.ZOOM.min).toBe(1);
  });

  it('crops square on create and dot-to-dot, 3:4 or 4:3 on single photo', () => {
    expect(c.CROP_ASPECTS).toEqual({ create: 1, dotToDot: 1, singlePhotoPortrait: 0.75, singlePhotoLandscape: 4 / 3 });
  });

  it('shows unlock messages at 5, 10 and 20 scenes, and the progress bar is full at 20', () => {
    expect(c.UNLOCK_THRESHOLDS).toEqual([5, 10, 20]);
    expect(c.PROGRESS_MAX_PERCENT / c.PROGRESS_PERCENT_PER_SCENE).toBe(20);
  });

  it('sizes the share window 626x436 and tells suspicious shares apart', () => {
    expect(c.SHARE_WINDOW).toEqual({ width: 626, height: 436 });
    expect([c.SHARE_SUSPICIOUS_CLOSE_MS, c.SHARE_SUSPICIOUS_FOCUS_AFTER_MS, c.SHARE_SUSPICIOUS_CHECK_GAP_MS]).toEqual([
      5000, 10_000, 60_000,
    ]);
    expect([c.SHARE_MIN_FOCUS_EVENTS, c.SHARE_MIN_FOCUS_EVENTS_CROSS_ORIGIN, c.SHARE_VOUCHER_SUSPICIOUS_ABOVE_PER_DAY]).toEqual([2, 1, 2]);
    expect(c.SHARE_SESSION_ID_PREFIX).toBe('share_');
  });

  it('advises on conversion below 15% and above 30%', () => {
    expect(c.CONVERSION_RATE_THRESHOLDS).toEqual({ low: 15, high: 30 });
  });

  it('shows success toasts 2 s, others 4 s, and loading until dismissed', () => {
    expect(c.TOAST_DURATIONS_MS).toEqual({ blank: 4000, error: 4000, success: 2000, custom: 4000, loading: Infinity });
    expect(c.TOAST_POSITION).toBe('top-center');
  });

  it('accepts JPEG, PNG and WebP only', () => {
    expect(c.PHOTO_MIME_TYPES).toEqual(['image/jpeg', 'image/png', 'image/webp']);
    expect(c.PHOTO_EXTENSIONS).toEqual(['.jpg', '.jpeg', '.png', '.webp']);
  });

  it('keeps maintenance mode off', () => {
    expect(c.MAINTENANCE_MODE).toBe(false);
  });
});

describe('COLOURING_LEVELS', () => {
  it('lists the four levels of SPEC §3, easiest first', () => {
    expect(c.COLOURING_LEVELS.map((l) => [l.id, l.name, l.ages])).toEqual([
      [1, 'Simple', '2-4'],
      [2, 'Easy', '4-6'],
      [3, 'Medium', '6-8'],
      [4, 'Advanced', '8+'],
    ]);
  });

  it('uses level 2 (Easy) by default, for dot-to-dot and on session creation', () => {
    const easy = c.COLOURING_LEVELS.find((l) => l.id === c.DEFAULT_LEVEL);
    expect(easy?.name).toBe('Easy');
    expect([c.DOT_TO_DOT_LEVEL, c.SESSION_CREATION_LEVEL]).toEqual([2, 2]);
  });
});
