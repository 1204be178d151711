// The admin's sign-in form: one schema for the page's script and its action (the API checks the same and the password).
import { ADMIN_MESSAGES, EMAIL_MAX_LENGTH } from '@colouring/domain';
import { z } from 'zod';
import './rules'; // zod without eval, for the CSP
import type { Constraints } from './rules';

export const ADMIN_SIGN_IN_FIELDS = ['email', 'password'] as const;
export type AdminSignInField = (typeof ADMIN_SIGN_IN_FIELDS)[number];

const required = (message: string) =>
  z
    .string()
    .optional()
    .transform((input, ctx) => {
      const value = input?.trim() ?? '';
      if (value) return input!;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    });

export const AdminSignInSchema = z.object({
  email: required(ADMIN_MESSAGES.emailRequired),
  password: required(ADMIN_MESSAGES.passwordRequired),
});

export const ADMIN_SIGN_IN_CONSTRAINTS: Constraints<AdminSignInField> = {
  email: { required: true, maxLength: EMAIL_MAX_LENGTH },
  password: { required: true, maxLength: 1000 },
};
