import {
  CHECKOUT_MESSAGES,
  COMPLETE_REQUIRED_FIELDS,
  CONTACT_MESSAGES,
  customSceneSaveFailed,
  DOT_TO_DOT_MESSAGES,
  ERROR_CATALOGUE,
  FALLBACK_ERROR_MESSAGE,
  FEATURED_BUNDLE_ADMIN_MESSAGES,
  pollingFailed,
  PORTRAIT_MESSAGES,
  PREVIEW_MESSAGES,
  REQUEST_FAILED,
  SCENE_MESSAGES,
  SECURITY_TAB_MESSAGES,
  SESSION_MESSAGES,
  SHARE_CONVERSION_ADVICE,
  SHARE_MESSAGES,
  SINGLE_PHOTO_MESSAGES,
  THANK_YOU_MESSAGES,
  TRY_AGAIN_MESSAGE,
  userMessageFor,
} from './errors.js';

describe('userMessageFor', () => {
  it.each([
    ['Session creation failed: timeout', 'Unable to start your session. Please try again.'],
    ['ERROR: invalid input syntax for type uuid', 'There was a problem with your request. Please try again.'],
    ['new row violates row-level security policy for table "sessions"', 'Access denied. Please refresh and try again.'],
    ['Network error while uploading', 'Connection problem. Please check your internet and try again.'],
    ['TypeError: Failed to fetch', 'Connection problem. Please check your internet and try again.'],
    ['Validation failed for field email', 'Please check your information and try again.'],
    ['Rate limit exceeded, retry in 60s', 'Too many requests. Please wait a moment and try again.'],
    ['File too large. Maximum size is 5MB.', 'The file you selected is too large. Please choose a smaller file.'],
    ['Invalid file type. Please upload JPEG, PNG, or WebP images only.', 'Please select a valid image file (JPEG, PNG, or WebP).'],
    ['Session expired at 12:00', 'Your session has expired. Please start over.'],
    ['Payment failed: card declined', 'Payment could not be processed. Please try again.'],
    ['Email send failed (SMTP 550)', 'Unable to send email. Please contact support if this continues.'],
  ])('maps %p to %p', (text, message) => {
    expect(userMessageFor(text)).toBe(message);
  });

  it('matches whatever the case of the error text', () => {
    expect(userMessageFor('NETWORK ERROR')).toBe('Connection problem. Please check your internet and try again.');
    expect(userMessageFor('session EXPIRED')).toBe('Your session has expired. Please start over.');
  });

  it('reads the message of an Error or of an error-shaped object', () => {
    expect(userMessageFor(new Error('Payment failed'))).toBe('Payment could not be processed. Please try again.');
    expect(userMessageFor({ message: 'Rate limit exceeded' })).toBe('Too many requests. Please wait a moment and try again.');
  });

  it('lets the first row win: "Session validation failed" is a validation failure', () => {
    expect(userMessageFor('Session validation failed')).toBe('Please check your information and try again.');
  });

  it('falls back for unknown text, an empty string and things that are not errors', () => {
    const fallback = 'Something went wrong. Please try again or contact support if the problem continues.';
    expect(FALLBACK_ERROR_MESSAGE).toBe(fallback);
    expect(userMessageFor('Disk on fire')).toBe(fallback);
    expect(userMessageFor('')).toBe(fallback);
    expect(userMessageFor(undefined)).toBe(fallback);
    expect(userMessageFor(42)).toBe(fallback);
  });

  it('keeps the catalogue in SPEC order with twelve rows', () => {
    expect(ERROR_CATALOGUE.map((e) => e.contains)).toEqual([
      'Session creation failed',
      'invalid input syntax',
      'row-level security policy',
      'Network error',
      'Failed to fetch',
      'Validation failed',
      'Rate limit exceeded',
      'File too large',
      'Invalid file type',
      'Session expired',
      'Payment failed',
      'Email send failed',
    ]);
  });
});

describe('fixed messages of SPEC §8', () => {
  it('words the session and scene messages as SPEC does', () => {
    expect(SESSION_MESSAGES).toEqual({
      notFound: 'Session not found',
      notFoundRefresh: 'Session not found. Please refresh the page and try again.',
      validationFailed: 'Session validation failed',
      retrieveFailed: 'Could not retrieve session data',
      restoring: 'Restoring your session…',
      notFoundOrExpired: 'Session not found or expired.',
      createFailed: 'Unable to start your session. Please try again.',
      creating: 'Creating secure session…',
      // Ours: a change refused once an order of the session is paid.
      alreadyPaid: 'This order is already paid.',
    });
    expect(SCENE_MESSAGES).toEqual({
      saveCustomSceneFailed: 'Failed to create/update custom scene',
      deleteCustomSceneFailed: 'Failed to delete custom scene',
      selectLevelAndScene: 'Please select a difficulty level and at least one scene',
      selectScene: 'Please select at least one scene',
      saveSelectionFailed: 'Failed to save your selection',
      generic: 'Something went wrong. Please try again.',
    });
    expect(customSceneSaveFailed('title too long')).toBe('Failed to create/update custom scene: title too long');
  });

  it('words the checkout and share messages as SPEC does', () => {
    expect(CHECKOUT_MESSAGES).toEqual({
      sessionLoadFailed: 'Unable to load your session. Please try again.',
      nothingChosen: 'Please select some products first.',
      startFailed: 'Failed to start checkout. Please try again.',
    });
    expect(SHARE_MESSAGES).toEqual({
      allowPopups: 'Please allow popups to share and get your voucher',
      incomplete: 'Please complete the sharing process to get your voucher',
      alreadyHasVoucher: 'You already have a share voucher! Check your email.',
      sharedRecently: "You've already shared recently...",
      generateFailed: 'Unable to generate voucher. Please contact support.',
      sent: 'Shared! Check Your Email',
    });
  });

  it('words the contact, thank-you and preview messages as SPEC does', () => {
    expect(TRY_AGAIN_MESSAGE).toBe('Something went wrong. Please try again.');
    expect(CONTACT_MESSAGES).toEqual({
      fillIn: 'Please fill in your email and message.',
      generic: 'Something went wrong. Please try again.',
      thanks: 'Thanks for your message!',
    });
    expect(THANK_YOU_MESSAGES).toEqual({
      missingSessionId: 'Missing session ID',
      pdfFailed: 'PDF generation failed. Please contact support.',
    });
    expect(pollingFailed('timeout')).toBe('Something went wrong: timeout');
    expect(PREVIEW_MESSAGES).toEqual({
      loading: 'Generating your cartoon preview…',
      heading: "Here's Your Cartoon Preview!",
      sneakPeek: "This is just a sneak peek. Once you choose scenes and pay, we'll generate the full book!",
      sendFailed: 'Unable to send preview email',
      sendFailedShown: 'Failed to send preview email.',
    });
  });

  it('words the single-photo, dot-to-dot and request messages as SPEC does', () => {
    expect(COMPLETE_REQUIRED_FIELDS).toBe('Please complete all required fields');
    expect(SINGLE_PHOTO_MESSAGES).toEqual({
      createOrderFailed: 'Failed to create order',
      enterValidEmail: 'Please enter a valid email address to continue',
      uploadAndCrop: 'Please upload and crop at least one photo',
      adjustCrop: 'Please adjust your photo using the cropping tool',
      creatingOrder: 'Creating Order...',
      largeOrder: 'Large order',
      // Ours, where SPEC is silent: the limit of 50 photos (decision 025) and the draft's refusals.
      tooManyPhotos: 'You can add up to 50 photos to one order. For more, please start a second order.',
      notSinglePhoto: 'This session is not a single-photo order.',
      photoNotFound: 'That photo is no longer in your order.',
      chooseLevel: 'Please choose a difficulty level',
      chooseAspect: 'Please choose Portrait 3:4 or Landscape 4:3',
    });
    expect(DOT_TO_DOT_MESSAGES).toEqual({
      saveFailed: 'Failed to save dot-to-dot data',
      invalidName: 'Please enter a valid name',
      completeFields: 'Please complete all required fields',
    });
    expect(REQUEST_FAILED).toBe('Request failed');
  });

  it('asks every refused portrait for a clear, front-facing photo of one child', () => {
    expect(PORTRAIT_MESSAGES.noFace).toBe("We couldn't find a face in this photo. Please upload a clear, front-facing photo of one child.");
    for (const message of Object.values(PORTRAIT_MESSAGES)) {
      expect(message).toMatch(/Please upload a clear, front-facing photo of one child\.$/);
    }
    expect(new Set(Object.values(PORTRAIT_MESSAGES)).size).toBe(3);
  });
});

describe("the admin's Featured Bundles and Share Incentives words", () => {
  it('names the bundle in every answer to a featured-bundle action', () => {
    const m = FEATURED_BUNDLE_ADMIN_MESSAGES;
    expect([m.created('Space'), m.activated('Space'), m.deactivated('Space'), m.priorityChanged('Space', 2), m.deleted('Space')]).toEqual([
      'Space is featured.',
      'The Space feature is active: parents see it.',
      'The Space feature is inactive: parents no longer see it.',
      'The Space feature now has priority 2.',
      'The Space feature is deleted.',
    ]);
    expect(m.unknownBundle).toBe('There is no bundle with that name. Choose one from the list.');
    expect(m.notFound).toBe('That featured bundle no longer exists.');
  });

  it('advises on the conversion rate in four bands', () => {
    expect(Object.keys(SHARE_CONVERSION_ADVICE)).toEqual(['none', 'low', 'medium', 'high']);
    expect(SHARE_CONVERSION_ADVICE.none).toBe('No share vouchers have been issued yet, so there is no conversion rate.');
  });
});

describe("the admin's Security tab words", () => {
  it('answers an acknowledgement, and says why one could not be done', () => {
    expect(SECURITY_TAB_MESSAGES).toEqual({
      acknowledged: 'Alert acknowledged.',
      alertNotOpen: 'That alert is already acknowledged, or no longer exists.',
    });
  });
});
