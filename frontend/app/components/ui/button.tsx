// The site's button: one look per variant and size, from app.css and scenes.css.
import { forwardRef, type ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'ghost';
type Size = 'small' | 'large';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
}

export function buttonClass({ variant = 'primary', size, className }: Pick<ButtonProps, 'variant' | 'size' | 'className'>): string {
  return ['button', `button--${variant}`, size ? `button--${size}` : '', className ?? ''].filter(Boolean).join(' ');
}

/** A submit button unless told otherwise, since nearly every button here sends a form. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, className, type = 'submit', ...props },
  ref,
) {
  return <button ref={ref} type={type} className={buttonClass({ variant, size, className })} {...props} />;
});
