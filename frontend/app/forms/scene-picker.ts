// The scene picker's form: one form, many buttons, each posting an `intent`. The intents are a typed union, read by
// parseIntent() and written by intentValue(), so the buttons and the action cannot drift apart. Plain code, no zod: the
// page's script reads intents too, and zod is not fetched for the picker's first view (decision 018). The whole form's
// schema, for the action: scene-picker-form.ts.
import { normaliseVoucherCode, VOUCHER_PICKER_MESSAGES } from '@colouring/domain';

const ID_MAX_LENGTH = 100;

export type PickerIntent =
  /** Enter in a text box, the autosave, and 'Save' without JavaScript. */
  | { type: 'save' }
  | { type: 'continue' }
  | { type: 'apply-voucher' }
  | { type: 'remove-voucher' }
  | { type: 'own-bundle' }
  | { type: 'bundle'; bundleId: string }
  | { type: 'add-custom' }
  | { type: 'edit-custom'; sceneId: string }
  | { type: 'delete-custom'; sceneId: string }
  /** The custom scene dialog's save (its fields: forms/custom-scene.ts). */
  | { type: 'save-custom' };
export type PickerIntentType = PickerIntent['type'];

type PlainIntentType = Exclude<PickerIntentType, 'bundle' | 'edit-custom' | 'delete-custom'>;
const PLAIN_INTENTS: ReadonlySet<string> = new Set<PlainIntentType>([
  'save',
  'continue',
  'apply-voucher',
  'remove-voucher',
  'own-bundle',
  'add-custom',
  'save-custom',
]);
const SAVE: PickerIntent = { type: 'save' };

/** The button's value for an intent: `bundle:<id>`, `edit-custom:<id>`, `delete-custom:<id>`, or the type alone. */
export function intentValue(intent: PickerIntent): string {
  if (intent.type === 'bundle') return `bundle:${intent.bundleId}`;
  if (intent.type === 'edit-custom' || intent.type === 'delete-custom') return `${intent.type}:${intent.sceneId}`;
  return intent.type;
}

/** A button's value as its intent; anything the page's buttons never send is a plain save. */
export function parseIntent(value: unknown): PickerIntent {
  const raw = typeof value === 'string' && value !== '' ? value : 'save';
  const colon = raw.indexOf(':');
  const type = colon < 0 ? raw : raw.slice(0, colon);
  const id = colon < 0 ? '' : raw.slice(colon + 1);
  const idOk = id.length >= 1 && id.length <= ID_MAX_LENGTH;
  if (type === 'bundle') return idOk ? { type, bundleId: id } : SAVE;
  if (type === 'edit-custom' || type === 'delete-custom') return idOk ? { type, sceneId: id } : SAVE;
  return PLAIN_INTENTS.has(type) ? ({ type } as PickerIntent) : SAVE;
}

/** A scene's id as the form posts it (a checkbox's value). */
export function isSceneId(value: unknown): value is string {
  return typeof value === 'string' && value.length >= 1 && value.length <= ID_MAX_LENGTH;
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
