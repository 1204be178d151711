// The scene picker's whole form as its action reads it, with or without JavaScript: the intent (scene-picker.ts), the
// level, the chosen scenes, the voucher boxes and the mode.
import { COLOURING_LEVELS, normaliseVoucherCode, type LevelId } from '@colouring/domain';
import { z } from 'zod';
import './rules'; // zod without eval, for the CSP
import { isSceneId, parseIntent } from './scene-picker';

const voucherText = z
  .string()
  .optional()
  .catch(undefined)
  .transform((code) => normaliseVoucherCode(code ?? ''));

export const PickerFormSchema = z.object({
  intent: z.unknown().transform(parseIntent),
  /** null when the form carried no valid level. */
  level: z
    .string()
    .optional()
    .catch(undefined)
    .transform((raw): LevelId | null => COLOURING_LEVELS.find((l) => String(l.id) === raw)?.id ?? null),
  /** Each chosen scene once, in the order chosen. */
  selectedScenes: z.array(z.unknown()).transform((values) => [...new Set(values.filter(isSceneId))]),
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
