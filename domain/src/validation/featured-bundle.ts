// Admin's featured bundles: a bundle name, the text shown with it, and a priority (1 shows first).
import { FEATURED_BUNDLE_MIN_PRIORITY } from '../constants.js';
import { type CheckedForm, type FieldErrors, formResult } from './result.js';

/** SPEC requires both fields but names no text; these are ours. */
export const FEATURED_BUNDLE_MESSAGES = {
  bundleNameRequired: 'Bundle name is required',
  featuredTextRequired: 'Featured text is required',
  priorityInvalid: 'Priority must be a whole number of 1 or more',
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

function toPriority(priority: number | string): number | null {
  const n = typeof priority === 'number' ? priority : priority.trim() === '' ? NaN : Number(priority);
  return Number.isInteger(n) && n >= FEATURED_BUNDLE_MIN_PRIORITY ? n : null;
}

export function validateFeaturedBundle(input: FeaturedBundleInput): CheckedForm<FeaturedBundle, keyof FeaturedBundleInput> {
  const bundleName = input.bundleName.trim();
  const featuredText = input.featuredText.trim();
  const priority = toPriority(input.priority);
  const errors: FieldErrors<keyof FeaturedBundleInput> = {};
  if (bundleName === '') errors.bundleName = FEATURED_BUNDLE_MESSAGES.bundleNameRequired;
  if (featuredText === '') errors.featuredText = FEATURED_BUNDLE_MESSAGES.featuredTextRequired;
  if (priority === null) errors.priority = FEATURED_BUNDLE_MESSAGES.priorityInvalid;
  return formResult({ bundleName, featuredText, priority: priority ?? FEATURED_BUNDLE_MIN_PRIORITY }, errors);
}
