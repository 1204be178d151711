// The scene picker's action: one form, many buttons, each posting an intent (forms/scene-picker.ts). Without JavaScript
// each answer is a redirect back to the picker (or on to checkout); the page's scripts get data back instead.
import { data, redirect } from '@remix-run/node';
import { SCENE_MESSAGES } from '@colouring/domain';
import { voucherForSave } from '~/forms/scene-picker';
import { readPickerForm, type PickerForm } from '~/forms/scene-picker-form';
import { isApiError, isSessionGone, type Api } from '~/utils/api.server';
import { CACHE_NEVER, cacheControl } from '~/utils/cache';
import { formRefusal } from '~/utils/form-errors.server';
import { forgetMagicCode } from '~/utils/session.server';
import { createToastHeaders, redirectWithToast } from '~/utils/toast.server';
import type { PickerMode } from './bundle-picker';
import { saveCustomScene } from './custom-scene.server';
import type { PickerErrors, PickerResult } from './picker-state';
import { clearPremadeScenes, customSceneKey, toggleBundle, type DisplayPrice } from './selection';

const PICKER_PATH = '/choose-scenes';
const noStore = () => cacheControl(CACHE_NEVER);

/** A magic code that no longer opens a session: forget it and start again. */
export async function toCreate(): Promise<Response> {
  return redirect('/create', { headers: { 'Set-Cookie': await forgetMagicCode() } });
}

/** The fields of the price the page shows. */
export function priceOf(price: DisplayPrice): DisplayPrice {
  const { sceneCount, packName, subtotalPence, perSheetPence, voucher, discountPence, totalPence } = price;
  return { sceneCount, packName, subtotalPence, perSheetPence, voucher, discountPence, totalPence };
}

export async function pickerAction(
  request: Request,
  client: Api,
  magicCode: string,
): Promise<Response | ReturnType<typeof data<PickerResult>>> {
  const form = await request.formData();
  const posted = readPickerForm(form);
  try {
    if (posted.intent.type === 'save-custom') return await saveCustom(client, magicCode, form);
    return await saveSelection(client, magicCode, posted);
  } catch (error) {
    if (isSessionGone(error)) throw await toCreate();
    throw error;
  }
}

async function saveCustom(client: Api, magicCode: string, form: FormData) {
  const saved = await saveCustomScene(client, magicCode, form);
  if (!saved.ok) {
    return data<PickerResult>({ ok: false, intent: 'save-custom', result: saved.result }, { status: saved.status, headers: noStore() });
  }
  const headers = await createToastHeaders({
    type: 'success',
    description: saved.created ? 'Scene added and selected.' : 'Scene updated.',
  });
  headers.set('Cache-Control', CACHE_NEVER);
  return data<PickerResult>({ ok: true, intent: 'save-custom', customScene: saved.customScene, created: saved.created }, { headers });
}

async function saveSelection(client: Api, magicCode: string, posted: PickerForm) {
  const { intent } = posted;
  let selected = posted.selectedScenes;
  let mode: PickerMode = posted.mode;
  let anchor = 'price-bar';
  const failed = (errors: PickerErrors, status = 400) =>
    data<PickerResult>(
      {
        ok: false,
        intent: intent.type,
        errors,
        values: {
          level: posted.level,
          selectedScenes: selected,
          typedVoucher: posted.typedVoucher,
          appliedVoucher: posted.appliedVoucher,
          mode,
        },
      },
      { status, headers: noStore() },
    );

  try {
    if (intent.type === 'bundle') {
      const bundle = (await client.getCatalogue()).bundles.find((b) => b.id === intent.bundleId);
      if (bundle)
        selected = toggleBundle(
          selected,
          bundle.scenes.map((s) => s.id),
        );
      mode = 'bundles';
      anchor = `bundle-${intent.bundleId}`;
    } else if (intent.type === 'own-bundle') {
      selected = clearPremadeScenes(selected);
      mode = 'own';
      anchor = 'premade';
    } else if (intent.type === 'delete-custom') {
      try {
        await client.deleteCustomScene(magicCode, intent.sceneId);
      } catch (error) {
        if (!isApiError(error) || isSessionGone(error)) throw error;
        return failed({ selection: SCENE_MESSAGES.deleteCustomSceneFailed }, error.isRefusal || error.statusCode === 404 ? 400 : 502);
      }
      // The API has already taken it out of the saved selection; the page's scripts save the rest themselves.
      if (posted.fromScript) return data<PickerResult>({ ok: true, intent: 'delete-custom' }, { headers: noStore() });
      selected = selected.filter((s) => s !== customSceneKey(intent.sceneId));
      anchor = 'custom-scenes';
    }

    if (posted.level === null || (intent.type === 'continue' && selected.length === 0)) {
      return failed({ selection: SCENE_MESSAGES.selectLevelAndScene });
    }
    // One voucher per purchase: a code applied meanwhile (in another tab, or on another device) is not swapped
    // for this one behind the parent's back; the page was just out of date.
    let applied = posted.appliedVoucher;
    if (intent.type === 'apply-voucher' && posted.typedVoucher && !applied) {
      applied = (await client.currentSession(magicCode)).price.voucher?.code ?? '';
    }
    const voucher = voucherForSave(intent.type, posted.typedVoucher, applied);
    if (!voucher.ok) return failed({ voucherCode: voucher.message });

    const session = await client.saveSelection(magicCode, { level: posted.level, selectedScenes: selected, voucherCode: voucher.code });

    if (intent.type === 'continue') return redirect('/checkout', { status: 303, headers: noStore() });
    if (intent.type === 'add-custom') return redirect(`${PICKER_PATH}/custom`, 303);
    if (intent.type === 'edit-custom') return redirect(`${PICKER_PATH}/custom?edit=${encodeURIComponent(intent.sceneId)}`, 303);

    const voucherToast =
      intent.type === 'apply-voucher' && session.price.voucher
        ? `Voucher applied: ${session.price.voucher.percent}% off.`
        : intent.type === 'remove-voucher'
          ? 'Voucher removed.'
          : null;
    if (posted.fromScript) {
      const headers = voucherToast ? await createToastHeaders({ type: 'success', description: voucherToast }) : new Headers();
      headers.set('Cache-Control', CACHE_NEVER);
      return data<PickerResult>(
        { ok: true, intent: intent.type, price: priceOf(session.price), selectedScenes: session.selectedScenes, level: session.level },
        { headers },
      );
    }
    const location = `${PICKER_PATH}${mode === 'own' ? '?mode=own' : ''}#${anchor}`;
    return voucherToast
      ? redirectWithToast(location, { type: 'success', description: voucherToast }, { status: 303 })
      : redirect(location, 303);
  } catch (error) {
    if (!isApiError(error) || isSessionGone(error)) throw error;
    const { status, fieldErrors, formErrors } = formRefusal(error, ['voucherCode', 'selectedScenes'] as const, {
      failed: SCENE_MESSAGES.saveSelectionFailed,
    });
    if (fieldErrors.voucherCode) return failed({ voucherCode: fieldErrors.voucherCode[0] });
    return failed({ selection: fieldErrors.selectedScenes?.[0] ?? formErrors[0] }, status);
  }
}
