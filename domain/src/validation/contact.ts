// The contact form of SPEC §5: who wrote, about what, and optionally which order.
import { CONTACT_MESSAGE_MAX_LENGTH } from '../constants.js';
import { validateEmail } from './email.js';
import { MAGIC_CODE_INVALID, validateMagicCode } from './magic-code.js';
import { type CheckedForm, type FieldErrors, formResult } from './result.js';

export const CONTACT_CATEGORIES = ['Not happy with image', 'Feedback', 'General question', 'Other'] as const;
export type ContactCategory = (typeof CONTACT_CATEGORIES)[number];
/** The category the thank-you page's help link opens the contact form on. */
export const NOT_HAPPY_CATEGORY: ContactCategory = 'Not happy with image';

export const CONTACT_FORM_MESSAGES = {
  emailAndMessageRequired: 'Please fill in your email and message.',
  /** SPEC names no text for a missing category; this is ours. */
  categoryRequired: 'Please choose a category.',
  /** SPEC sets no length limit; ours is 5000 characters. */
  messageTooLong: 'Message must be 5000 characters or less.',
  magicCodeInvalid: MAGIC_CODE_INVALID,
} as const;

export interface ContactFormInput {
  readonly email: string;
  readonly category: string;
  readonly message: string;
  readonly magicCode?: string | null;
}

export interface ContactMessage {
  readonly email: string;
  readonly category: ContactCategory;
  readonly message: string;
  readonly magicCode: string | null;
}

function isCategory(category: string): category is ContactCategory {
  return (CONTACT_CATEGORIES as readonly string[]).includes(category);
}

/**
 * A missing email or message gets SPEC's shared message; a present email gets the email rules.
 * The optional magic code is trimmed and lower-cased first, since parents paste it from an email.
 */
export function validateContact(input: ContactFormInput): CheckedForm<ContactMessage, keyof ContactFormInput> {
  const errors: FieldErrors<keyof ContactFormInput> = {};
  const message = input.message.trim();
  const magicCode = (input.magicCode ?? '').trim().toLowerCase() || null;

  const email = validateEmail(input.email);
  if (input.email.trim() === '') errors.email = CONTACT_FORM_MESSAGES.emailAndMessageRequired;
  else if (!email.ok) errors.email = email.message;

  if (!isCategory(input.category)) errors.category = CONTACT_FORM_MESSAGES.categoryRequired;

  if (message === '') errors.message = CONTACT_FORM_MESSAGES.emailAndMessageRequired;
  else if (message.length > CONTACT_MESSAGE_MAX_LENGTH) errors.message = CONTACT_FORM_MESSAGES.messageTooLong;

  if (magicCode !== null && !validateMagicCode(magicCode).ok) errors.magicCode = CONTACT_FORM_MESSAGES.magicCodeInvalid;

  return formResult({ email: email.ok ? email.value : '', category: input.category as ContactCategory, message, magicCode }, errors);
}
