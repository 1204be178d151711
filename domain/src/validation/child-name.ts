// Child's name rules of SPEC §5. The name is printed on every page, so it must be a plain name.
import { CHILD_NAME_MAX_LENGTH } from '../constants.js';
import { accept, type Checked, refuse } from './result.js';

export const CHILD_NAME_MESSAGES = {
  required: 'Child name is required',
  tooLong: 'Child name must be 50 characters or less',
  notLetters: 'Child name can only contain letters, spaces, hyphens, and apostrophes',
  invalidCharacters: 'Child name contains invalid characters',
  /** Dot-to-dot's message when no name is given. */
  dotToDotDefault: 'Please enter a valid name',
} as const;

// Any script's letters and combining accents; straight and curly apostrophes (O'Brien, N’Dour).
const NAME_CHARACTERS = /^[\p{L}\p{M} '’-]+$/u;
const SCRIPT_LIKE = /\b(?:java|vb)?script\b|\bon[a-z]+\s*=|\b(?:eval|alert)\s*\(/i;
const MARKUP_OR_QUOTE = /[<>"`&=“”]/;

/**
 * Collapses whitespace, then checks: required → script or markup → length → letters only.
 * Script and markup win over the other messages, so an injection attempt is named as one.
 */
export function validateChildName(input: string): Checked<string> {
  const name = input.replace(/\s+/g, ' ').trim();
  if (name === '') return refuse(CHILD_NAME_MESSAGES.required);
  if (SCRIPT_LIKE.test(name) || MARKUP_OR_QUOTE.test(name)) return refuse(CHILD_NAME_MESSAGES.invalidCharacters);
  if (name.length > CHILD_NAME_MAX_LENGTH) return refuse(CHILD_NAME_MESSAGES.tooLong);
  if (!NAME_CHARACTERS.test(name)) return refuse(CHILD_NAME_MESSAGES.notLetters);
  return accept(name);
}

/** Dot-to-dot's name field: the same rules, with 'Please enter a valid name' when it is empty. */
export function validateDotToDotName(input: string): Checked<string> {
  const result = validateChildName(input);
  return !result.ok && result.message === CHILD_NAME_MESSAGES.required ? refuse(CHILD_NAME_MESSAGES.dotToDotDefault) : result;
}
