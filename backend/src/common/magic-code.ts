import { createHash } from 'node:crypto';

/**
 * What the database keeps of a magic code: its SHA-256, 32 bytes (docs/decisions/008). A 256-bit random code needs no
 * salt or slow hash, and a lookup by the hash is one index probe; the code itself is never stored.
 */
export function magicCodeHash(code: string): Buffer {
  return createHash('sha256').update(code, 'utf8').digest();
}

const ANY_MAGIC_CODE = /[0-9a-f]{64}/gi;

/** Text fit for a log or a stored error: every run of 64 hex characters (a magic code) becomes `[code]`. */
export function maskMagicCodes(text: string): string {
  return text.replace(ANY_MAGIC_CODE, '[code]');
}
