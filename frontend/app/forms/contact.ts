// The contact form's one schema: SPEC §5's contact rules from the domain, for the page's script and its action alike.
import { CONTACT_MESSAGE_MAX_LENGTH, EMAIL_MAX_LENGTH, validateContact } from '@colouring/domain';
import { z } from 'zod';
import { addFieldIssues, text, type Constraints } from './rules';

export const CONTACT_FIELDS = ['email', 'category', 'message', 'magicCode'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export const ContactSchema = z
  .object({
    email: text,
    category: text,
    message: text,
    magicCode: text,
    /** Honeypot: people leave it empty; the API quietly drops messages that fill it. */
    website: text,
  })
  .transform((input, ctx) => {
    const checked = validateContact(input);
    if (!checked.ok) {
      addFieldIssues(ctx, checked.errors);
      return z.NEVER;
    }
    return { ...checked.value, website: input.website };
  });

export const CONTACT_CONSTRAINTS: Constraints<ContactField> = {
  email: { required: true, maxLength: EMAIL_MAX_LENGTH },
  category: { required: true },
  message: { required: true, maxLength: CONTACT_MESSAGE_MAX_LENGTH },
  magicCode: {},
};
