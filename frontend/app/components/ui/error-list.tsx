// The list of a form's problems above it ("There’s a problem"), each linking to its field, as GOV.UK's error summary.
import { forwardRef } from 'react';

export interface FieldProblem {
  /** The field's id, which the link jumps to. */
  field: string;
  message: string;
}

interface ErrorListProps {
  id: string;
  /** Problems of the whole form (the API refused, too many requests…), shown before the fields' own. */
  formErrors?: readonly string[] | undefined;
  problems: readonly FieldProblem[];
}

export const ErrorList = forwardRef<HTMLDivElement, ErrorListProps>(function ErrorList({ id, formErrors, problems }, ref) {
  if (!formErrors?.length && problems.length === 0) return null;
  return (
    <div ref={ref} className="error-summary" role="alert" aria-labelledby={`${id}-title`} tabIndex={-1}>
      <h2 id={`${id}-title`}>There’s a problem</h2>
      {formErrors?.map((message) => (
        <p key={message}>{message}</p>
      ))}
      {problems.length ? (
        <ul>
          {problems.map(({ field, message }) => (
            <li key={field}>
              <a href={`#${field}`}>{message}</a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
});

/** The first message of each field that has one, in the form's order. */
export function problemsOf<F extends string>(
  fields: readonly F[],
  errors: Partial<Record<F, readonly string[] | undefined>> | undefined,
): FieldProblem[] {
  return fields.flatMap((field) => {
    const message = errors?.[field]?.[0];
    return message ? [{ field, message }] : [];
  });
}

/** A message for the whole form, in the box forms show above their button. */
export function FormError({ errors, className = 'form-error' }: { errors?: readonly string[] | undefined; className?: string }) {
  const message = errors?.[0];
  if (!message) return null;
  return (
    <div className={className} role="alert">
      <p>{message}</p>
    </div>
  );
}
