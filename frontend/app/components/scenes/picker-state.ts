// The scene picker's state with JavaScript, as one reducer: what is chosen, the voucher box, the autosave and Continue.
// Each answer of the server is an event here, so the page's hooks only send forms and pass answers on.
import type { SubmissionResult } from '@conform-to/react';
import { SCENE_MESSAGES, type LevelId, type OrderPrice } from '@colouring/domain';
import type { PickerIntentType } from '~/forms/scene-picker';
import type { PickerMode } from './bundle-picker';
import type { CustomSceneItem } from './custom-scene-grid';
import { customSceneKey, type DisplayPrice } from './selection';

export interface PickerErrors {
  voucherCode?: string;
  selection?: string;
}

/** What the picker's action answers a script (a plain submit gets a redirect instead, or this when refused). */
export type PickerResult =
  | { ok: true; intent: PickerIntentType; price: DisplayPrice; selectedScenes: string[]; level: LevelId }
  | { ok: true; intent: 'save-custom'; customScene: CustomSceneItem; created: boolean }
  | { ok: true; intent: 'delete-custom' }
  | { ok: false; intent: 'save-custom'; result: SubmissionResult<string[]> }
  | { ok: false; intent: PickerIntentType; errors: PickerErrors; values: PickerValues };

/** What was posted, echoed when a post without JavaScript is refused, so the page shows that rather than the saved state. */
export interface PickerValues {
  level: LevelId | null;
  selectedScenes: string[];
  typedVoucher: string;
  appliedVoucher: string;
  mode: PickerMode;
}

export type RefusedPick = Extract<PickerResult, { values: PickerValues }>;

export function isRefusedPick(result: PickerResult | undefined): result is RefusedPick {
  return Boolean(result && !result.ok && 'values' in result);
}

type AppliedVoucher = OrderPrice['voucher'];

export interface PickerState {
  level: LevelId;
  selected: string[];
  mode: PickerMode;
  voucher: AppliedVoucher;
  typedVoucher: string;
  voucherError: string | null;
  voucherOpen: boolean;
  selectionError: string | null;
  /** The server's last figure: shown while it matches what is on screen. */
  serverPrice: DisplayPrice;
  /** Counts changes since the last send; each one restarts the autosave's timer, 0 stops it. */
  changes: number;
  /** The change count the last autosave carried: 'All changes saved' only when it is still the latest. */
  sentChange: number;
  saveStatus: 'idle' | 'saving' | 'saved';
  /** Continue was pressed: the page is on its way to checkout. */
  continuing: boolean;
  /** Continue waits for any save, voucher or delete still on its way before it posts. */
  continueQueued: boolean;
}

export type PickerEvent =
  | { type: 'level'; level: LevelId }
  | { type: 'selection'; selected: string[]; mode?: PickerMode }
  | { type: 'custom-created'; sceneId: string }
  | { type: 'custom-deleted'; sceneId: string }
  | { type: 'typed-voucher'; value: string }
  | { type: 'voucher-open'; open: boolean }
  | { type: 'voucher-refused'; message: string }
  | { type: 'voucher-removed' }
  | { type: 'voucher-answered'; result: PickerResult }
  | { type: 'save-sent' }
  | { type: 'save-answered'; result: PickerResult }
  | { type: 'continue' }
  | { type: 'continue-sent' }
  | { type: 'refused'; errors: PickerErrors };

export function initialPickerState(
  loaded: { level: LevelId; selectedScenes: string[]; mode: PickerMode; price: DisplayPrice },
  echoed: RefusedPick | null,
): PickerState {
  return {
    level: echoed?.values.level ?? loaded.level,
    selected: echoed?.values.selectedScenes ?? loaded.selectedScenes,
    mode: echoed?.values.mode ?? loaded.mode,
    voucher: loaded.price.voucher,
    typedVoucher: echoed?.values.typedVoucher ?? '',
    voucherError: echoed?.errors.voucherCode ?? null,
    voucherOpen: Boolean(echoed?.errors.voucherCode || echoed?.values.typedVoucher),
    selectionError: echoed?.errors.selection ?? null,
    serverPrice: loaded.price,
    changes: 0,
    sentChange: 0,
    saveStatus: 'idle',
    continuing: false,
    continueQueued: false,
  };
}

/** A change to save: the autosave starts counting again. */
function changed(state: PickerState): PickerState {
  return { ...state, changes: state.changes + 1, saveStatus: 'saving' };
}

export function pickerReducer(state: PickerState, event: PickerEvent): PickerState {
  switch (event.type) {
    case 'level':
      return changed({ ...state, level: event.level });
    case 'selection':
      return changed({ ...state, selected: event.selected, mode: event.mode ?? state.mode, selectionError: null });
    case 'custom-created': {
      // The API selected it already; saving again keeps a save that was in flight from dropping it.
      const key = customSceneKey(event.sceneId);
      return changed({ ...state, selected: state.selected.includes(key) ? state.selected : [...state.selected, key] });
    }
    case 'custom-deleted':
      return changed({ ...state, selected: state.selected.filter((s) => s !== customSceneKey(event.sceneId)) });
    case 'typed-voucher':
      return { ...state, typedVoucher: event.value, voucherError: null };
    case 'voucher-open':
      return { ...state, voucherOpen: event.open };
    case 'voucher-refused':
      return { ...state, voucherError: event.message };
    case 'voucher-removed':
      return { ...state, voucher: null, voucherError: null };
    case 'voucher-answered': {
      const { result } = event;
      if (result.ok && 'price' in result) {
        // An autosave sent while this was on its way may have carried the old voucher: save once more.
        return changed({ ...state, serverPrice: result.price, voucher: result.price.voucher, typedVoucher: '', voucherError: null });
      }
      if (isRefusedPick(result)) {
        return { ...state, voucherError: result.errors.voucherCode ?? result.errors.selection ?? SCENE_MESSAGES.generic };
      }
      return state;
    }
    case 'save-sent':
      return { ...state, sentChange: state.changes };
    case 'save-answered': {
      const { result } = event;
      if (result.ok && 'price' in result) {
        const latest = state.sentChange === state.changes;
        return { ...state, serverPrice: result.price, selectionError: null, saveStatus: latest ? 'saved' : state.saveStatus };
      }
      if (!isRefusedPick(result)) return state;
      if (result.errors.voucherCode) {
        // The voucher was used or expired since it was applied: drop it, say why, and save without it.
        return changed({ ...state, voucher: null, voucherError: result.errors.voucherCode, voucherOpen: true });
      }
      return { ...state, saveStatus: 'idle', selectionError: result.errors.selection ?? SCENE_MESSAGES.saveSelectionFailed };
    }
    case 'continue':
      if (new Set(state.selected).size === 0) return { ...state, selectionError: SCENE_MESSAGES.selectLevelAndScene };
      // The pending autosave is dropped: Continue saves the whole selection itself.
      return { ...state, continuing: true, continueQueued: true, changes: 0 };
    case 'continue-sent':
      return { ...state, continueQueued: false };
    case 'refused':
      return {
        ...state,
        continuing: false,
        selectionError: event.errors.selection ?? state.selectionError,
        voucherError: event.errors.voucherCode ?? state.voucherError,
      };
  }
}
