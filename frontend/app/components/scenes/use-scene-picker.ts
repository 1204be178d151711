// The scene picker with JavaScript: its state machine (picker-state.ts) driven by the page's changes and the server's
// answers. Every change is saved 1 s after the last one; the voucher box and Continue post the same form.
import { useFetcher, useFetchers, useSubmit } from '@remix-run/react';
import { AUTOSAVE_DELAY_MS, type LevelId, orderPrice, VOUCHER_PICKER_MESSAGES } from '@colouring/domain';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { intentValue, parseIntent, voucherForSave, type PickerIntent } from '~/forms/scene-picker';
import type { PickerMode } from './bundle-picker';
import { launchConfetti } from './confetti';
import type { CustomSceneItem } from './custom-scene-grid';
import { initialPickerState, isRefusedPick, pickerReducer, type PickerEvent, type PickerResult, type PickerState } from './picker-state';
import { unlockedThreshold, type DisplayPrice } from './selection';

export const PICKER_PATH = '/choose-scenes';

interface Loaded {
  level: LevelId;
  selectedScenes: string[];
  mode: PickerMode;
  price: DisplayPrice;
}

/** The form the page's scripts post: the whole selection, with `voucherCode` the code this intent carries. */
function pickerFormData(intent: PickerIntent, state: PickerState, voucherCode = state.voucher?.code ?? ''): FormData {
  const form = new FormData();
  form.set('intent', intentValue(intent));
  form.set('js', '1');
  form.set('level', String(state.level));
  for (const id of state.selected) form.append('scene', id);
  form.set('voucherCode', voucherCode);
  form.set('appliedVoucher', state.voucher?.code ?? '');
  return form;
}

/** Hands a fetcher's answer to the state machine once, when it has come back. */
function useAnswer(
  fetcher: { state: string; data?: PickerResult },
  toEvent: (result: PickerResult) => PickerEvent,
  dispatch: (event: PickerEvent) => void,
) {
  const event = useRef(toEvent);
  event.current = toEvent;
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return;
    dispatch(event.current(fetcher.data));
  }, [fetcher.state, fetcher.data, dispatch]);
}

export function useScenePicker(loaded: Loaded, actionData: PickerResult | undefined, hydrated: boolean) {
  const [state, dispatch] = useReducer(pickerReducer, undefined, () =>
    initialPickerState(loaded, isRefusedPick(actionData) ? actionData : null),
  );
  const latest = useRef(state);
  latest.current = state;
  const submit = useSubmit();
  const post = { method: 'post', action: PICKER_PATH } as const;

  // ----- Autosave: 1 s after the last change, the whole selection goes to the server -----
  const saveFetcher = useFetcher<PickerResult>({ key: 'scene-autosave' });
  // The fetcher object is new on every render; the timer must only restart when the selection changes.
  const submitSave = useRef(saveFetcher.submit);
  submitSave.current = saveFetcher.submit;
  useEffect(() => {
    if (state.changes === 0) return;
    const timer = setTimeout(() => {
      dispatch({ type: 'save-sent' });
      void submitSave.current(pickerFormData({ type: 'save' }, latest.current), post);
    }, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `post` is a constant
  }, [state.changes]);
  useAnswer(saveFetcher, (result) => ({ type: 'save-answered', result }), dispatch);

  // ----- Voucher: Apply and Remove save at once and answer the new price -----
  const voucherFetcher = useFetcher<PickerResult>({ key: 'scene-voucher' });
  useAnswer(voucherFetcher, (result) => ({ type: 'voucher-answered', result }), dispatch);
  const applyVoucher = () => {
    const current = latest.current;
    const checked = voucherForSave('apply-voucher', current.typedVoucher, current.voucher?.code ?? '');
    if (current.voucher || !checked.ok) {
      dispatch({ type: 'voucher-refused', message: checked.ok ? VOUCHER_PICKER_MESSAGES.onlyOne : checked.message });
      return;
    }
    void voucherFetcher.submit(pickerFormData({ type: 'apply-voucher' }, current, current.typedVoucher), post);
  };
  const removeVoucher = () => {
    dispatch({ type: 'voucher-removed' });
    void voucherFetcher.submit(pickerFormData({ type: 'remove-voucher' }, latest.current, ''), post);
  };

  // ----- Custom scenes deleted in place; the API takes them out of the saved selection itself -----
  const deleter = useFetcher<PickerResult>({ key: 'delete-custom' });
  const deleteScene = (scene: CustomSceneItem) => {
    const form = new FormData();
    form.set('intent', intentValue({ type: 'delete-custom', sceneId: scene.id }));
    form.set('js', '1');
    void deleter.submit(form, post);
    dispatch({ type: 'custom-deleted', sceneId: scene.id });
  };
  // A delete that failed says so above the scenes until the next delete (the autosave's messages are the price bar's).
  const deleteError = deleter.state === 'idle' && isRefusedPick(deleter.data) ? deleter.data.errors.selection : undefined;
  const fetchers = useFetchers();
  const deleting = new Set(
    fetchers.flatMap((f) => {
      const intent = f.formData ? parseIntent(f.formData.get('intent')) : null;
      return intent?.type === 'delete-custom' ? [intent.sceneId] : [];
    }),
  );

  // ----- Continue: always saves first (the action saves, then goes to /checkout) -----
  const sceneCount = new Set(state.selected).size;
  const continueToCheckout = () => {
    dispatch({ type: 'continue' });
    // SPEC §9: a burst of confetti on continue, too (none for reduced motion).
    if (sceneCount > 0) void launchConfetti();
  };
  // Continue waits for a save, voucher or delete still on its way: its answer would reload the page's data while the
  // browser follows the action's redirect, and that race can leave the parent on this page (seen on a slow machine).
  const fetchersBusy = fetchers.some((f) => f.state !== 'idle');
  useEffect(() => {
    if (!state.continueQueued || fetchersBusy) return;
    dispatch({ type: 'continue-sent' });
    submit(pickerFormData({ type: 'continue' }, latest.current), post);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `post` is a constant
  }, [state.continueQueued, fetchersBusy, submit]);
  useEffect(() => {
    if (isRefusedPick(actionData)) dispatch({ type: 'refused', errors: actionData.errors });
  }, [actionData]);

  // ----- Unlock messages with confetti, when a change crosses 5, 10 or 20 scenes upwards -----
  const previousCount = useRef(sceneCount);
  useEffect(() => {
    const before = unlockedThreshold(previousCount.current) ?? 0;
    previousCount.current = sceneCount;
    const now = unlockedThreshold(sceneCount);
    if (hydrated && now !== null && before < now) void launchConfetti();
  }, [sceneCount, hydrated]);

  // The server's last figure is shown when it matches what is on screen; until then, the same sum done here.
  const { serverPrice, voucher } = state;
  const price =
    serverPrice.sceneCount === sceneCount && (serverPrice.voucher?.code ?? null) === (voucher?.code ?? null)
      ? serverPrice
      : orderPrice(state.selected, voucher);

  const onCustomSaved = useCallback((scene: CustomSceneItem, created: boolean) => {
    if (created) dispatch({ type: 'custom-created', sceneId: scene.id });
  }, []);

  return {
    state,
    dispatch,
    price,
    sceneCount,
    voucherBusy: voucherFetcher.state !== 'idle',
    applyVoucher,
    removeVoucher,
    deleteScene,
    deleteError,
    deleting,
    continueToCheckout,
    onCustomSaved,
  };
}
