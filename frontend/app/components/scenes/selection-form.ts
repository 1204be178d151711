// Reads the scene picker's form, posted by a plain submit (no JavaScript) or by the autosave fetcher alike.
import { COLOURING_LEVELS, normaliseVoucherCode, VOUCHER_PICKER_MESSAGES } from '@colouring/domain';

export interface PostedSelection {
  /** null when the form carried no valid level. */
  level: number | null;
  selectedScenes: string[];
  /** What is in the voucher box (upper-cased), '' when empty. */
  typedVoucher: string;
  /** The voucher already applied on the page, '' when none. */
  appliedVoucher: string;
  /** The intent of the button pressed ('save' for Enter or the autosave). */
  intent: string;
  /** Posted by the page's own scripts, which want data back rather than a redirect. */
  fromScript: boolean;
}

const text = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

export function readSelection(form: FormData): PostedSelection {
  const level = Number(text(form, 'level'));
  const scenes = form.getAll('scene').filter((v): v is string => typeof v === 'string' && v.length > 0 && v.length <= 100);
  return {
    level: COLOURING_LEVELS.some((l) => l.id === level) ? level : null,
    selectedScenes: [...new Set(scenes)],
    typedVoucher: normaliseVoucherCode(text(form, 'voucherCode')),
    appliedVoucher: normaliseVoucherCode(text(form, 'appliedVoucher')),
    intent: text(form, 'intent') || 'save',
    fromScript: text(form, 'js') === '1',
  };
}

const TYPED_VOUCHER_INTENTS: ReadonlySet<string> = new Set(['apply-voucher', 'save', 'continue']);

/**
 * The voucher a save should carry: none after Remove; otherwise what is typed, or what is already applied.
 * One voucher per purchase: typing a different code over an applied one is refused.
 */
export function voucherForSave(posted: PostedSelection): { ok: true; code: string | null } | { ok: false; message: string } {
  if (posted.intent === 'remove-voucher') return { ok: true, code: null };
  const { appliedVoucher } = posted;
  // A code still being typed counts only for Apply, Enter and Continue; a bundle or custom scene button keeps the applied one.
  const typedVoucher = TYPED_VOUCHER_INTENTS.has(posted.intent) ? posted.typedVoucher : '';
  if (appliedVoucher && typedVoucher && typedVoucher !== appliedVoucher) return { ok: false, message: VOUCHER_PICKER_MESSAGES.onlyOne };
  if (posted.intent === 'apply-voucher' && !typedVoucher && !appliedVoucher)
    return { ok: false, message: VOUCHER_PICKER_MESSAGES.notFound };
  return { ok: true, code: typedVoucher || appliedVoucher || null };
}
