// Upload filenames come from strangers' disks: keep them printable, short and free of path tricks.
import { FILENAME_MAX_LENGTH } from '../constants.js';

// Characters Windows, macOS or a shell would choke on, plus control characters.
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const FORBIDDEN = /[<>:"/\\|?*\u0000-\u001f\u007f]/g;
const EDGE_DOTS_AND_SPACES = /^[.\s]+|[.\s]+$/g;

/**
 * Removes forbidden characters, trims leading and trailing dots and spaces, and caps the length at
 * 100 keeping the extension. An empty result becomes upload_{now}.jpg (now in ms, passed in for tests).
 */
export function sanitiseFilename(name: string, now: number): string {
  const clean = name.replace(FORBIDDEN, '').replace(EDGE_DOTS_AND_SPACES, '');
  if (clean === '') return `upload_${now}.jpg`;
  if (clean.length <= FILENAME_MAX_LENGTH) return clean;
  const dot = clean.lastIndexOf('.');
  const extension = dot > 0 && clean.length - dot < FILENAME_MAX_LENGTH ? clean.slice(dot) : '';
  return clean.slice(0, FILENAME_MAX_LENGTH - extension.length) + extension;
}
