// The scene picker's form: one form, many buttons, each posting an `intent`. The intents are a typed union, read by
// one zod schema and written by intentValue(), so the buttons and the action cannot drift apart.
import { COLOURING_LEVELS, normaliseVoucherCode, VOUCHER_PICKER_MESSAGES, type LevelId } from '@colouring/domain';
import { z } from 'zod';
import './rules'; // zod without eval, for the CSP

const id = z.string().min(1).max(100);

const PickerIntentSchema = z.discriminatedUnion('type', [
  /** Enter in a text box, the autosave, and 'Save' without JavaScript. */
  z.object({ type: z.literal('save') }),
  z.object({ type: z.literal('continue') }),
  z.object({ type: z.literal('apply-voucher') }),
  z.object({ type: z.literal('remove-voucher') }),
  z.object({ type: z.literal('own-bundle') }),
  z.object({ type: z.literal('bundle'), bundleId: id }),
  z.object({ type: z.literal('add-custom') }),
  z.object({ type: z.literal('edit-custom'), sceneId: id }),
  z.object({ type: z.literal('delete-custom'), sceneId: id }),
  /** The custom scene dialog's save (its fields: forms/custom-scene.ts). */
  z.object({ type: z.literal('save-custom') }),
]);

export type PickerIntent = z.output<typeof PickerIntentSchema>;
export type PickerIntentType = PickerIntent['type'];

/** The button's value for an intent: `bundle:<id>`, `edit-custom:<id>`, `delete-custom:<id>`, or the type alone. */
export function intentValue(intent: PickerIntent): string {
  if (intent.type === 'bundle') return `bundle:${intent.bundleId}`;
  if (intent.type === 'edit-custom' || intent.type === 'delete-custom') return `${intent.type}:${intent.sceneId}`;
  return intent.type;
}

function intentFields(raw: unknown): unknown {
  const value = typeof raw === 'string' && raw !== '' ? raw : 'save';
  const colon = value.indexOf(':');
  if (colon < 0) return { type: value };
  const type = value.slice(0, colon);
  const rest = value.slice(colon + 1);
  return type === 'bundle' ? { type, bundleId: rest } : { type, sceneId: rest };
}

/** A button's value as its intent; anything the page's buttons never send is a plain save. */
const IntentSchema = z.preprocess(intentFields, PickerIntentSchema).catch({ type: 'save' });

export function parseIntent(value: unknown): PickerIntent {
  return IntentSchema.parse(value);
}

const voucherText = z
  .string()
  .optional()
  .catch(undefined)
  .transform((code) => normaliseVoucherCode(code ?? ''));

export const PickerFormSchema = z.object({
  intent: IntentSchema,
  /** null when the form carried no valid level. */
  level: z
    .string()
    .optional()
    .catch(undefined)
    .transform((raw): LevelId | null => COLOURING_LEVELS.find((l) => String(l.id) === raw)?.id ?? null),
  /** Each chosen scene once, in the order chosen. */
  selectedScenes: z.array(z.unknown()).transform((values) => [...new Set(values.filter((v): v is string => id.safeParse(v).success))]),
  /** What is in the voucher box (upper-cased), '' when empty. */
  typedVoucher: voucherText,
  /** The voucher already applied on the page, '' when none. */
  appliedVoucher: voucherText,
  mode: z.enum(['bundles', 'own']).catch('bundles'),
  /** Posted by the page's own scripts, which want data back rather than a redirect. */
  fromScript: z.unknown().transform((value) => value === '1'),
});

export type PickerForm = z.output<typeof PickerFormSchema>;

/** Reads the form as a plain submit (no JavaScript) or the page's fetchers post it. */
export function readPickerForm(form: FormData): PickerForm {
  return PickerFormSchema.parse({
    intent: form.get('intent'),
    level: form.get('level'),
    selectedScenes: form.getAll('scene'),
    typedVoucher: form.get('voucherCode'),
    appliedVoucher: form.get('appliedVoucher'),
    mode: form.get('pickerMode'),
    fromScript: form.get('js'),
  });
}

/** A code still being typed counts only for Apply, Enter and Continue; a bundle or custom scene button keeps the applied one. */
const TYPED_VOUCHER_INTENTS: ReadonlySet<PickerIntentType> = new Set(['apply-voucher', 'save', 'continue']);

/**
 * The voucher rule of the picker, for the page's script and the action alike: the voucher a save carries is none after
 * Remove, otherwise what is typed or what is already applied. One voucher per purchase: typing a different code over an
 * applied one is refused, and Apply with nothing typed names the code as invalid.
 */
export function voucherForSave(
  intent: PickerIntentType,
  typedVoucher: string,
  appliedVoucher: string,
): { ok: true; code: string | null } | { ok: false; message: string } {
  if (intent === 'remove-voucher') return { ok: true, code: null };
  const typed = TYPED_VOUCHER_INTENTS.has(intent) ? normaliseVoucherCode(typedVoucher) : '';
  const applied = normaliseVoucherCode(appliedVoucher);
  if (applied && typed && typed !== applied) return { ok: false, message: VOUCHER_PICKER_MESSAGES.onlyOne };
  if (intent === 'apply-voucher' && !typed && !applied) return { ok: false, message: VOUCHER_PICKER_MESSAGES.notFound };
  return { ok: true, code: typed || applied || null };
}
