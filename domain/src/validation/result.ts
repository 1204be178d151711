// The shapes every validator answers with, so forms and controllers read them the same way.

/** One value checked: the cleaned value, or the one message to show. */
export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

/** Per-field messages a form shows beside its inputs. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** A whole form checked: the cleaned values, or a message per failing field. */
export type CheckedForm<T, Field extends string = Extract<keyof T, string>> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly errors: FieldErrors<Field> };

export function accept<T>(value: T): { readonly ok: true; readonly value: T } {
  return { ok: true, value };
}

export function refuse(message: string): { readonly ok: false; readonly message: string } {
  return { ok: false, message };
}

/** Builds a form answer: ok when no field has a message. */
export function formResult<T, Field extends string>(value: T, errors: FieldErrors<Field>): CheckedForm<T, Field> {
  return Object.keys(errors).length === 0 ? { ok: true, value } : { ok: false, errors };
}
