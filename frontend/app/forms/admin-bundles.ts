// The Featured Bundles tab's forms: one schema each for the page's script and its action, built on the domain's
// validateFeaturedBundle, so both speak SPEC's words (the API checks the same rule and the bundle).
import {
  FEATURED_BUNDLE_MAX_PRIORITY,
  FEATURED_BUNDLE_MESSAGES,
  FEATURED_TEXT_MAX_LENGTH,
  toFeaturedPriority,
  validateFeaturedBundle,
} from '@colouring/domain';
import { z } from 'zod';
import { addFieldIssues, text, type Constraints } from './rules';

export const FEATURED_BUNDLE_FIELDS = ['bundleName', 'featuredText', 'priority'] as const;
export type FeaturedBundleField = (typeof FEATURED_BUNDLE_FIELDS)[number];

export const FeaturedBundleSchema = z.object({ bundleName: text, featuredText: text, priority: text }).transform((posted, ctx) => {
  const checked = validateFeaturedBundle(posted);
  if (checked.ok) return checked.value;
  addFieldIssues(ctx, checked.errors);
  return z.NEVER;
});

export const FEATURED_BUNDLE_CONSTRAINTS: Constraints<FeaturedBundleField> = {
  bundleName: { required: true },
  featuredText: { required: true, maxLength: FEATURED_TEXT_MAX_LENGTH },
  priority: { required: true },
};

/** A row's new priority. */
export const FeaturedPrioritySchema = z.object({ priority: text }).transform((posted, ctx) => {
  const priority = toFeaturedPriority(posted.priority);
  if (priority !== null) return { priority };
  ctx.addIssue({ code: 'custom', path: ['priority'], message: FEATURED_BUNDLE_MESSAGES.priorityInvalid });
  return z.NEVER;
});

export const PRIORITY_INPUT = { min: 1, max: FEATURED_BUNDLE_MAX_PRIORITY, step: 1 } as const;
