// Parent email rules of SPEC §5: the address the colouring pages are sent to.
import { EMAIL_MAX_LENGTH } from '../constants.js';
import { accept, type Checked, refuse } from './result.js';

export const EMAIL_MESSAGES = {
  required: 'Email is required',
  tooLong: 'Email address is too long',
  invalid: 'Please enter a valid email address',
  disposable: 'Please use a permanent email address',
} as const;

/** Throwaway inboxes are gone before the download link arrives. SPEC leaves the five names to us. */
export const DISPOSABLE_EMAIL_DOMAINS = ['mailinator.com', 'guerrillamail.com', '10minutemail.com', 'tempmail.com', 'yopmail.com'] as const;

// local@domain.tld: no spaces, one @, a dotted domain ending in a 2+ letter TLD.
const EMAIL_PATTERN =
  /^[A-Za-z0-9._%+'-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

function isDisposable(domain: string): boolean {
  return DISPOSABLE_EMAIL_DOMAINS.some((d) => domain === d || domain.endsWith(`.${d}`));
}

/** Required, trimmed, at most 254, a standard address, not a disposable inbox; answers the trimmed address. */
export function validateEmail(input: string): Checked<string> {
  const email = input.trim();
  if (email === '') return refuse(EMAIL_MESSAGES.required);
  if (email.length > EMAIL_MAX_LENGTH) return refuse(EMAIL_MESSAGES.tooLong);
  if (!EMAIL_PATTERN.test(email)) return refuse(EMAIL_MESSAGES.invalid);
  if (isDisposable(email.slice(email.lastIndexOf('@') + 1).toLowerCase())) return refuse(EMAIL_MESSAGES.disposable);
  return accept(email);
}
