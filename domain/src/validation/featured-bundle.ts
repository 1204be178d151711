// Admin's featured bundles: a bundle name, the text shown with it, and a priority (1 shows first).
import { FEATURED_BUNDLE_MAX_PRIORITY, FEATURED_BUNDLE_MIN_PRIORITY, FEATURED_TEXT_MAX_LENGTH } from '../constants.js';
import { type CheckedForm, type FieldErrors, formResult } from './result.js';

/** SPEC requires both fields but names no text; these are ours. */
export const FEATURED_BUNDLE_MESSAGES = {
  bundleNameRequired: 'Bundle name is required',
  featuredTextRequired: 'Featured text is required',
  featuredTextTooLong: `Featured text must be ${FEATURED_TEXT_MAX_LENGTH} characters or less`,
  priorityInvalid: `Priority must be a whole number from ${FEATURED_BUNDLE_MIN_PRIORITY} to ${FEATURED_BUNDLE_MAX_PRIORITY}`,
} as const;

export interface FeaturedBundleInput {
  readonly bundleName: string;
  readonly featuredText: string;
  /** A number, or the text of a form field. */
  readonly priority: number | string;
}

export interface FeaturedBundle {
  readonly bundleName: string;
  readonly featuredText: string;
  readonly priority: number;
}

/** A priority typed or sent: a whole number from 1 (shown first) to 999, or null. */
export function toFeaturedPriority(priority: number | string): number | null {
  const n = typeof priority === 'number' ? priority : priority.trim() === '' ? NaN : Number(priority);
  return Number.isInteger(n) && n >= FEATURED_BUNDLE_MIN_PRIORITY && n <= FEATURED_BUNDLE_MAX_PRIORITY ? n : null;
}

export function validateFeaturedBundle(input: FeaturedBundleInput): CheckedForm<FeaturedBundle, keyof FeaturedBundleInput> {
  const bundleName = input.bundleName.trim();
  const featuredText = input.featuredText.trim();
  const priority = toFeaturedPriority(input.priority);
  const errors: FieldErrors<keyof FeaturedBundleInput> = {};
  if (bundleName === '') errors.bundleName = FEATURED_BUNDLE_MESSAGES.bundleNameRequired;
  if (featuredText === '') errors.featuredText = FEATURED_BUNDLE_MESSAGES.featuredTextRequired;
  else if (featuredText.length > FEATURED_TEXT_MAX_LENGTH) errors.featuredText = FEATURED_BUNDLE_MESSAGES.featuredTextTooLong;
  if (priority === null) errors.priority = FEATURED_BUNDLE_MESSAGES.priorityInvalid;
  return formResult({ bundleName, featuredText, priority: priority ?? FEATURED_BUNDLE_MIN_PRIORITY }, errors);
}
