// Magic codes are the customer's only key to a session: 32 random bytes as 64 lower-case hex characters.
import { MAGIC_CODE_LENGTH } from '../constants.js';
import { accept, type Checked, refuse } from './result.js';

export const MAGIC_CODE_INVALID = 'Magic code format is invalid.';

const MAGIC_CODE_PATTERN = new RegExp(`^[0-9a-f]{${MAGIC_CODE_LENGTH}}$`);

export function isMagicCode(code: string): boolean {
  return MAGIC_CODE_PATTERN.test(code);
}

/** Exactly 64 lower-case hex characters, nothing trimmed: a code from a URL or cookie is used as it is. */
export function validateMagicCode(code: string): Checked<string> {
  return isMagicCode(code) ? accept(code) : refuse(MAGIC_CODE_INVALID);
}
