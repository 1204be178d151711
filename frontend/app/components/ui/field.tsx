// A form field as every form on the site draws it: label, optional hint, the control, and its message.
import type { ReactElement, ReactNode } from 'react';

/** What the control needs so the label, the hint and the message belong to it. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  /** The control's id; the hint is `<id>-hint`, the message `<id>-error`, and the error summary links to `#<id>`. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** The field's messages; the first is shown (each rule answers one message). */
  errors?: readonly string[] | undefined;
  className?: string;
  /** Draws the control (input, select, textarea) with the props given. */
  children: (control: ControlProps) => ReactElement;
}

export function Field({ id, label, hint, errors, className, children }: FieldProps) {
  const error = errors?.[0];
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={['field', error ? 'field--error' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
      })}
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}

/** A field's message, under its control; nothing when the field is fine. */
export function FieldError({ id, errors }: { id: string | undefined; errors?: readonly string[] | undefined }) {
  const error = errors?.[0];
  if (!error) return null;
  return (
    <p id={id} className="field__error">
      {error}
    </p>
  );
}
