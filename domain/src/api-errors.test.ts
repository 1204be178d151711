import { API_ERROR_MESSAGES, ApiErrorCode, defaultErrorCode, isApiErrorCode, userMessageForCode } from './api-errors.js';
import { FALLBACK_ERROR_MESSAGE, userMessageFor } from './errors.js';

describe('defaultErrorCode', () => {
  it.each([
    [400, false, 'bad_request'],
    [400, true, 'validation_failed'],
    [401, false, 'unauthorized'],
    [403, false, 'forbidden'],
    [404, false, 'not_found'],
    [409, false, 'conflict'],
    [413, false, 'payload_too_large'],
    [422, false, 'validation_failed'],
    [422, true, 'validation_failed'],
    [429, false, 'rate_limited'],
    [502, false, 'provider_failed'],
    [503, false, 'unavailable'],
    [500, false, 'internal'],
    [504, false, 'internal'],
    [418, false, 'bad_request'],
    [405, true, 'bad_request'],
  ])('answers %p (field errors: %p) with %p', (status, fields, code) => {
    expect(defaultErrorCode(status, fields)).toBe(code);
  });

  it('gives only codes of the list, for every status from 400 to 599', () => {
    for (let status = 400; status < 600; status++) {
      expect(isApiErrorCode(defaultErrorCode(status, false))).toBe(true);
      expect(isApiErrorCode(defaultErrorCode(status, true))).toBe(true);
    }
  });
});

describe('isApiErrorCode', () => {
  it('knows every code of the list and nothing else', () => {
    for (const code of Object.values(ApiErrorCode)) expect(isApiErrorCode(code)).toBe(true);
    for (const other of ['Not Found', 'NOT_FOUND', 'ECONNREFUSED', '', 404, null, undefined, { code: 'not_found' }]) {
      expect(isApiErrorCode(other)).toBe(false);
    }
  });
});

describe('userMessageForCode', () => {
  it("gives SPEC §8's words for the codes that have them", () => {
    expect(userMessageForCode(ApiErrorCode.RateLimited)).toBe('Too many requests. Please wait a moment and try again.');
    expect(userMessageForCode(ApiErrorCode.Busy)).toBe('Too many requests. Please wait a moment and try again.');
    expect(userMessageForCode(ApiErrorCode.ValidationFailed)).toBe('Please check your information and try again.');
    expect(userMessageForCode(ApiErrorCode.PayloadTooLarge)).toBe('The file you selected is too large. Please choose a smaller file.');
    expect(userMessageForCode(ApiErrorCode.Unavailable)).toBe('Connection problem. Please check your internet and try again.');
    expect(userMessageForCode(ApiErrorCode.Forbidden)).toBe('Access denied. Please refresh and try again.');
    expect(userMessageForCode(ApiErrorCode.BadRequest)).toBe('There was a problem with your request. Please try again.');
    expect(userMessageForCode(ApiErrorCode.SessionNotFound)).toBe('Session not found or expired.');
    expect(userMessageForCode(ApiErrorCode.NothingChosen)).toBe('Please select some products first.');
    expect(userMessageForCode(ApiErrorCode.VoucherCheckFailed)).toBe('Error validating voucher');
    expect(userMessageForCode(ApiErrorCode.ShareIncomplete)).toBe('Please complete the sharing process to get your voucher');
    expect(userMessageForCode(ApiErrorCode.ShareVoucherExists)).toBe('You already have a share voucher! Check your email.');
    expect(userMessageForCode(ApiErrorCode.SharedRecently)).toBe("You've already shared recently...");
  });

  it("falls back to SPEC's catch-all for a code without words of its own", () => {
    expect(FALLBACK_ERROR_MESSAGE).toBe('Something went wrong. Please try again or contact support if the problem continues.');
    expect(userMessageForCode(ApiErrorCode.Internal)).toBe(FALLBACK_ERROR_MESSAGE);
    expect(userMessageForCode(ApiErrorCode.Conflict)).toBe(FALLBACK_ERROR_MESSAGE);
    expect(userMessageForCode(ApiErrorCode.VoucherUnusable)).toBe(FALLBACK_ERROR_MESSAGE);
  });

  it('says, by code, what the text lookup says for the same failure', () => {
    expect(userMessageForCode(ApiErrorCode.RateLimited)).toBe(userMessageFor('Rate limit exceeded'));
    expect(userMessageForCode(ApiErrorCode.ValidationFailed)).toBe(userMessageFor('Validation failed'));
    expect(userMessageForCode(ApiErrorCode.PayloadTooLarge)).toBe(userMessageFor('File too large'));
    expect(userMessageForCode(ApiErrorCode.Unavailable)).toBe(userMessageFor('Network error'));
  });

  it('maps only codes of the list', () => {
    for (const code of Object.keys(API_ERROR_MESSAGES)) expect(isApiErrorCode(code)).toBe(true);
  });
});
