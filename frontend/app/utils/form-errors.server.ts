// How a form shows the API refusing or failing what it sent: the one mapping from an API error to a form's messages.
import { ApiErrorCode } from '@colouring/domain';
import type { ApiError } from './api.server';

export interface FormRefusal<F extends string> {
  /** The page's status: the API's for a refusal or for too many requests, 502 when the API failed. */
  status: number;
  /** The API's message for each of this form's fields it named (Conform's shape: a list per field). */
  fieldErrors: Partial<Record<F, string[]>>;
  /** The message for the whole form, when no field of the form says why. */
  formErrors: string[];
}

interface RefusalOptions {
  /** The form's own words for the API failing (SPEC's, per form). */
  failed: string;
  /** Further codes whose message this form shows as it is (a custom scene the API does not know). */
  alsoRefusals?: readonly ApiErrorCode[];
}

/**
 * Messages beside the form's fields when the API named them; otherwise one message for the form: SPEC's words for too
 * many requests or a connection problem, the API's own words for a refusal (they are SPEC's), else `failed`.
 */
export function formRefusal<F extends string>(
  error: ApiError,
  fields: readonly F[],
  { failed, alsoRefusals = [] }: RefusalOptions,
): FormRefusal<F> {
  const fieldErrors: Partial<Record<F, string[]>> = {};
  for (const field of fields) {
    const message = error.fieldErrors[field];
    if (message) fieldErrors[field] = [message];
  }
  const named = Object.keys(fieldErrors).length > 0;
  if (error.is(ApiErrorCode.RateLimited, ApiErrorCode.Busy))
    return { status: error.statusCode, fieldErrors, formErrors: [error.userMessage] };
  if (error.isRefusal || error.is(...alsoRefusals))
    return { status: error.statusCode, fieldErrors, formErrors: named ? [] : [error.message] };
  if (error.is(ApiErrorCode.Unavailable)) return { status: 502, fieldErrors, formErrors: [error.userMessage] };
  return { status: 502, fieldErrors, formErrors: [failed] };
}
