// Zod fields built on the domain's rules, so a form's schema speaks SPEC's exact words (the API checks the same rules).
import type { Checked } from '@colouring/domain';
import { z } from 'zod';

// Zod 4 probes `new Function('')` before its first object parse, to compile faster checks. The pages' CSP forbids eval,
// so the probe is refused and Chrome lists a CSP issue (Lighthouse's best practices) on every page with a form.
// Every schema module imports this one, so no page's first parse comes before this line.
z.config({ jitless: true });

/**
 * A text field checked by one of the domain's rules: on failure its one message, on success its cleaned value.
 * Conform sends an empty input as undefined; the rule reads it as '' and names what is missing.
 */
export function ruled(rule: (input: string) => Checked<string>) {
  return z
    .string()
    .optional()
    .transform((input, ctx) => {
      const checked = rule(input ?? '');
      if (checked.ok) return checked.value;
      ctx.addIssue({ code: 'custom', message: checked.message });
      return z.NEVER;
    });
}

/** A text input as the form posts it: '' when left empty. */
export const text = z
  .string()
  .optional()
  .transform((input) => input ?? '');

/** Puts a domain form check's per-field messages on the schema's fields. */
export function addFieldIssues(ctx: z.RefinementCtx, errors: Partial<Record<string, string>>): void {
  for (const [field, message] of Object.entries(errors)) {
    if (message) ctx.addIssue({ code: 'custom', path: [field], message });
  }
}

/**
 * What the browser checks by itself (without JavaScript, and before the script has started): `required` and
 * `maxLength` on each control. Written beside the schema because Conform 1.21's getZodConstraint reads no
 * lengths from zod 4.6 and no `required` from a field whose empty value the domain's rule names.
 */
export type Constraints<F extends string> = Record<F, { required?: boolean; maxLength?: number }>;
