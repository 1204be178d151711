// The single-photo page's forms: adding a photo (its file, level, aspect and crop), the buttons of the draft's list
// (intents), the email before checkout, and SPEC §5's rule for the checkout button with its three hints. The page's
// script and the actions read the same schemas, with the domain's words.
import {
  COLOURING_LEVELS,
  DEFAULT_LEVEL,
  EMAIL_MAX_LENGTH,
  PHOTO_ASPECTS,
  SINGLE_PHOTO_MESSAGES,
  validateEmail,
  type LevelId,
  type PhotoAspect,
} from '@colouring/domain';
import { z } from 'zod';
import { CropSchema } from './crop';
import { ruled, type Constraints } from './rules';

/** A level as a form posts it ('1'…'4'), or null for anything else. */
export function levelOf(raw: unknown): LevelId | null {
  return COLOURING_LEVELS.find((level) => String(level.id) === raw)?.id ?? null;
}

/** An aspect as a form posts it, or null for anything else. */
export function aspectOf(raw: unknown): PhotoAspect | null {
  return PHOTO_ASPECTS.find((aspect) => aspect.id === raw)?.id ?? null;
}

/** One photo added: the file, its level and aspect (the defaults when missing), and the crop when the cropper made one. */
export const AddPhotoSchema = z.object({
  // An empty file input sends a part with no name and no bytes, which reads as no file.
  photo: z.file({ error: SINGLE_PHOTO_MESSAGES.uploadAndCrop }),
  level: z.unknown().transform((raw): LevelId => levelOf(raw) ?? DEFAULT_LEVEL),
  aspect: z.unknown().transform((raw): PhotoAspect => aspectOf(raw) ?? 'portrait'),
  crop: CropSchema,
});

export const EMAIL_FIELDS = ['email'] as const;

/** The email the pages are sent to (SPEC §5), checked live with JavaScript and again by the action and the API. */
export const SinglePhotoEmailSchema = z.object({ email: ruled(validateEmail) });

export const SINGLE_PHOTO_EMAIL_CONSTRAINTS: Constraints<(typeof EMAIL_FIELDS)[number]> = {
  email: { required: true, maxLength: EMAIL_MAX_LENGTH },
};

// ---------- The draft's buttons (without JavaScript each posts the page's one form of its kind) ----------

const photoId = z.string().min(1).max(100);

const IntentSchema = z.discriminatedUnion('type', [
  /** The add form: one photo per submit. */
  z.object({ type: z.literal('add') }),
  /** A photo's level select and its Update button. */
  z.object({ type: z.literal('level'), photoId }),
  z.object({ type: z.literal('remove'), photoId }),
  /** 'Apply to all photos'. */
  z.object({ type: z.literal('apply-all') }),
  /** The email, then on to /checkout. */
  z.object({ type: z.literal('checkout') }),
]);

export type SinglePhotoIntent = z.output<typeof IntentSchema>;

/** A button's value: `level:<photo id>`, `remove:<photo id>`, or the type alone. */
export function intentValue(intent: SinglePhotoIntent): string {
  return intent.type === 'level' || intent.type === 'remove' ? `${intent.type}:${intent.photoId}` : intent.type;
}

/** A button's value as its intent, or null for one the page never sends. */
export function parseIntent(raw: unknown): SinglePhotoIntent | null {
  if (typeof raw !== 'string') return null;
  const colon = raw.indexOf(':');
  const fields = colon < 0 ? { type: raw } : { type: raw.slice(0, colon), photoId: raw.slice(colon + 1) };
  const parsed = IntentSchema.safeParse(fields);
  return parsed.success ? parsed.data : null;
}

/** The name of a photo's level select in the draft's list. */
export const levelFieldOf = (id: string) => `level-${id}`;

// ---------- The checkout button (SPEC §5 "Form submission" and "Single photo hints") ----------

export interface CheckoutReadiness {
  photoCount: number;
  /** Photos whose crop the cropper has not measured yet. */
  uncropped: number;
  /** The email's rule passes (non-empty and valid: no email error). */
  emailValid: boolean;
  submitting: boolean;
}

/**
 * Why the checkout button is not enabled, in SPEC's words: at least one photo (each with its crop), a valid non-empty
 * email, and no submit in progress. No hints means it is enabled (a submit in progress has its own label).
 */
export function checkoutHints({ photoCount, uncropped, emailValid }: CheckoutReadiness): string[] {
  const hints: string[] = [];
  if (photoCount === 0) hints.push(SINGLE_PHOTO_MESSAGES.uploadAndCrop);
  else if (uncropped > 0) hints.push(SINGLE_PHOTO_MESSAGES.adjustCrop);
  if (!emailValid) hints.push(SINGLE_PHOTO_MESSAGES.enterValidEmail);
  return hints;
}

export function checkoutEnabled(readiness: CheckoutReadiness): boolean {
  return !readiness.submitting && checkoutHints(readiness).length === 0;
}
