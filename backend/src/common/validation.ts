import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';
import type { CheckedForm } from '@colouring/domain';

function fieldMessages(errors: ValidationError[], prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const error of errors) {
    const field = prefix + error.property;
    const messages = Object.values(error.constraints ?? {});
    if (messages.length > 0) out[field] = messages[0];
    Object.assign(out, fieldMessages(error.children ?? [], `${field}.`));
  }
  return out;
}

/** Shapes and types of request bodies: unknown fields refused, one message per field, 400. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => {
      const fields = fieldMessages(errors);
      return new BadRequestException({ message: Object.values(fields)[0] ?? 'Validation failed', errors: fields });
    },
  });
}

/** The shop's rules come from @colouring/domain: its verdict becomes the value, or a 400 with its exact messages. */
export function accepted<T, Field extends string>(result: CheckedForm<T, Field>): T {
  if (result.ok) return result.value;
  const errors = Object.fromEntries(Object.entries(result.errors).filter(([, message]) => message !== undefined)) as Record<string, string>;
  throw new BadRequestException({ message: Object.values(errors)[0], errors });
}
