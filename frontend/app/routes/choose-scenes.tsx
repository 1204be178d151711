import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import {
  Form,
  Link,
  useActionData,
  useFetcher,
  useFetchers,
  useLoaderData,
  useOutlet,
  useSubmit,
  type ShouldRevalidateFunction,
} from '@remix-run/react';
import { AUTOSAVE_DELAY_MS, SCENE_MESSAGES, VOUCHER_PICKER_MESSAGES } from '@colouring/domain';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Breadcrumbs } from '~/components/breadcrumbs';
import { BundlePicker, type PickerMode } from '~/components/scenes/bundle-picker';
import { launchConfetti } from '~/components/scenes/confetti';
import { CustomSceneDialog } from '~/components/scenes/custom-scene-dialog';
import { draftFor, readCustomSceneDraft, type CustomSceneDraft, type CustomSceneErrors } from '~/components/scenes/custom-scene-form';
import { CustomSceneGrid, type CustomSceneItem } from '~/components/scenes/custom-scene-grid';
import { isSessionGone, saveCustomScene } from '~/components/scenes/custom-scene.server';
import { LevelPicker } from '~/components/scenes/level-picker';
import { PriceBar } from '~/components/scenes/price-bar';
import {
  clearPremadeScenes,
  customSceneKey,
  estimatePrice,
  toggleBundle,
  toggleScene,
  unlockedThreshold,
  unlockMessage,
  type DisplayPrice,
} from '~/components/scenes/selection';
import { readSelection, voucherForSave } from '~/components/scenes/selection-form';
import scenesStyles from '~/styles/scenes.css?url';
import { api, isApiError } from '~/utils/api.server';
import { CACHE_NEVER, cacheControl, pageHeaders } from '~/utils/cache';
import { pageMeta } from '~/utils/meta';
import { forgetMagicCode, requireMagicCode } from '~/utils/session.server';
import { createToastHeaders, redirectWithToast } from '~/utils/toast.server';

const CRUMBS = [
  { name: 'Home', path: '/' },
  { name: 'Create', path: '/create' },
  { name: 'Choose scenes', path: '/choose-scenes' },
];

const PICKER_PATH = '/choose-scenes';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: scenesStyles }];

export const headers = pageHeaders;

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Choose your scenes',
    description: 'Pick a difficulty level and the scenes for your personalised colouring book.',
    noIndex: true,
  });

async function toCreate(): Promise<Response> {
  return redirect('/create', { headers: { 'Set-Cookie': await forgetMagicCode() } });
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const magicCode = await requireMagicCode(request);
  const client = api(request, context);
  try {
    const [catalogue, session, customScenes] = await Promise.all([
      client.getCatalogue(),
      client.currentSession(magicCode),
      client.listCustomScenes(magicCode),
    ]);
    const url = new URL(request.url);
    return data(
      {
        levels: catalogue.levels,
        bundles: catalogue.bundles,
        featured: catalogue.featured ?? [],
        childName: session.childName,
        level: session.level,
        selectedScenes: session.selectedScenes,
        price: priceOf(session.price),
        paid: session.paid,
        customScenes: customScenes.map(({ id, title, userPrompt }) => ({ id, title, userPrompt })),
        mode: (url.searchParams.get('mode') === 'own' ? 'own' : 'bundles') as PickerMode,
      },
      { headers: cacheControl(CACHE_NEVER) },
    );
  } catch (error) {
    if (isSessionGone(error)) throw await toCreate();
    throw error;
  }
}

function priceOf(price: DisplayPrice): DisplayPrice {
  const { sceneCount, packName, subtotalPence, perSheetPence, voucher, discountPence, totalPence } = price;
  return { sceneCount, packName, subtotalPence, perSheetPence, voucher, discountPence, totalPence };
}

// ---------- The action: one form, several buttons, each posting an `intent` ----------

interface PickerErrors {
  voucherCode?: string;
  selection?: string;
}

export type PickerResult =
  | { ok: true; intent: string; price: DisplayPrice; selectedScenes: string[]; level: number }
  | { ok: true; intent: 'save-custom'; customScene: CustomSceneItem; created: boolean }
  | { ok: true; intent: 'delete-custom' }
  | { ok: false; intent: 'save-custom'; errors: CustomSceneErrors }
  | {
      ok: false;
      intent: string;
      errors: PickerErrors;
      values: { level: number | null; selectedScenes: string[]; typedVoucher: string; appliedVoucher: string; mode: PickerMode };
    };

const noStore = () => cacheControl(CACHE_NEVER);

export async function action({ request, context }: ActionFunctionArgs) {
  const magicCode = await requireMagicCode(request);
  const client = api(request, context);
  const form = await request.formData();
  const posted = readSelection(form);
  const { intent } = posted;

  if (intent === 'save-custom') {
    try {
      const saved = await saveCustomScene(client, magicCode, readCustomSceneDraft(form));
      if (!saved.ok) return data<PickerResult>({ ok: false, intent, errors: saved.errors }, { status: saved.status, headers: noStore() });
      const toast = await createToastHeaders({
        type: 'success',
        description: saved.created ? 'Scene added and selected.' : 'Scene updated.',
      });
      toast.set('Cache-Control', CACHE_NEVER);
      return data<PickerResult>({ ok: true, intent, customScene: saved.customScene, created: saved.created }, { headers: toast });
    } catch (error) {
      if (isSessionGone(error)) throw await toCreate();
      throw error;
    }
  }

  let selected = posted.selectedScenes;
  let mode: PickerMode = form.get('pickerMode') === 'own' ? 'own' : 'bundles';
  let anchor = 'price-bar';
  const failed = (errors: PickerErrors, status = 400) =>
    data<PickerResult>(
      {
        ok: false,
        intent,
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
    if (intent.startsWith('bundle:')) {
      const bundleId = intent.slice('bundle:'.length);
      const bundle = (await client.getCatalogue()).bundles.find((b) => b.id === bundleId);
      if (bundle)
        selected = toggleBundle(
          selected,
          bundle.scenes.map((s) => s.id),
        );
      mode = 'bundles';
      anchor = `bundle-${bundleId}`;
    } else if (intent === 'own-bundle') {
      selected = clearPremadeScenes(selected);
      mode = 'own';
      anchor = 'premade';
    } else if (intent.startsWith('delete-custom:')) {
      const id = intent.slice('delete-custom:'.length);
      try {
        await client.deleteCustomScene(magicCode, id);
      } catch (error) {
        if (!isApiError(error) || isSessionGone(error)) throw error;
        return failed({ selection: SCENE_MESSAGES.deleteCustomSceneFailed }, error.isValidation || error.statusCode === 404 ? 400 : 502);
      }
      // The API has already taken it out of the saved selection; the page's scripts save the rest themselves.
      if (posted.fromScript) return data<PickerResult>({ ok: true, intent: 'delete-custom' }, { headers: noStore() });
      selected = selected.filter((s) => s !== customSceneKey(id));
      anchor = 'custom-scenes';
    }

    if (posted.level === null || (intent === 'continue' && selected.length === 0)) {
      return failed({ selection: SCENE_MESSAGES.selectLevelAndScene });
    }
    // One voucher per purchase: a code applied meanwhile (in another tab, or on another device) is not swapped
    // for this one behind the parent's back; the page was just out of date.
    let voucherPost = posted;
    if (intent === 'apply-voucher' && posted.typedVoucher && !posted.appliedVoucher) {
      const saved = (await client.currentSession(magicCode)).price.voucher;
      if (saved) voucherPost = { ...posted, appliedVoucher: saved.code };
    }
    const voucher = voucherForSave(voucherPost);
    if (!voucher.ok) return failed({ voucherCode: voucher.message });

    const session = await client.saveSelection(magicCode, { level: posted.level, selectedScenes: selected, voucherCode: voucher.code });

    if (intent === 'continue') return redirect('/checkout', { status: 303, headers: noStore() });
    if (intent === 'add-custom') return redirect(`${PICKER_PATH}/custom`, 303);
    if (intent.startsWith('edit-custom:')) {
      return redirect(`${PICKER_PATH}/custom?edit=${encodeURIComponent(intent.slice('edit-custom:'.length))}`, 303);
    }

    const voucherToast =
      intent === 'apply-voucher' && session.price.voucher
        ? `Voucher applied: ${session.price.voucher.percent}% off.`
        : intent === 'remove-voucher'
          ? 'Voucher removed.'
          : null;
    if (posted.fromScript) {
      const headers = voucherToast ? await createToastHeaders({ type: 'success', description: voucherToast }) : new Headers();
      headers.set('Cache-Control', CACHE_NEVER);
      return data<PickerResult>(
        { ok: true, intent, price: priceOf(session.price), selectedScenes: session.selectedScenes, level: session.level },
        { headers },
      );
    }
    const location = `${PICKER_PATH}${mode === 'own' ? '?mode=own' : ''}#${anchor}`;
    return voucherToast
      ? redirectWithToast(location, { type: 'success', description: voucherToast }, { status: 303 })
      : redirect(location, 303);
  } catch (error) {
    if (isSessionGone(error)) throw await toCreate();
    if (!isApiError(error)) throw error;
    if (error.fieldErrors.voucherCode) return failed({ voucherCode: error.fieldErrors.voucherCode });
    if (error.isValidation) return failed({ selection: error.fieldErrors.selectedScenes ?? error.message });
    return failed({ selection: SCENE_MESSAGES.saveSelectionFailed }, 502);
  }
}

// The autosave and the voucher buttons answer with the new price; nothing else on the page changed.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) => {
  const intent = formData?.get('intent');
  if (formData?.get('js') === '1' && (intent === 'save' || intent === 'apply-voucher' || intent === 'remove-voucher')) return false;
  return defaultShouldRevalidate;
};

// ---------- The page ----------

function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

type Tab = 'premade' | 'custom';

export default function ChooseScenesRoute() {
  // The custom scene form's own page (/choose-scenes/custom) is a child route: it replaces the picker.
  const outlet = useOutlet();
  return outlet ?? <ChooseScenes />;
}

function ChooseScenes() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as PickerResult | undefined;
  const hydrated = useHydrated();
  const submit = useSubmit();

  // Without JavaScript a failed post comes back with what was posted; show that, not the saved state.
  const echoed = actionData && !actionData.ok && 'values' in actionData ? actionData : null;
  const [level, setLevel] = useState<number>(echoed?.values.level ?? loaded.level);
  const [selected, setSelected] = useState<string[]>(echoed?.values.selectedScenes ?? loaded.selectedScenes);
  const [mode, setMode] = useState<PickerMode>(echoed?.values.mode ?? loaded.mode);
  const [voucher, setVoucher] = useState(loaded.price.voucher);
  const [typedVoucher, setTypedVoucher] = useState(echoed?.values.typedVoucher ?? '');
  const [voucherError, setVoucherError] = useState<string | null>(echoed?.errors.voucherCode ?? null);
  const [voucherOpen, setVoucherOpen] = useState(Boolean(echoed?.errors.voucherCode || echoed?.values.typedVoucher));
  const [selectionError, setSelectionError] = useState<string | null>(echoed?.errors.selection ?? null);
  const [serverPrice, setServerPrice] = useState<DisplayPrice>(loaded.price);
  const [tab, setTab] = useState<Tab>('premade');
  const [dialogDraft, setDialogDraft] = useState<CustomSceneDraft | null>(null);
  const [dialogOpening, setDialogOpening] = useState(0);
  const [openBundles, setOpenBundles] = useState<ReadonlySet<string>>(() => {
    if ((echoed?.values.mode ?? loaded.mode) === 'own') return new Set(loaded.bundles.map((b) => b.id));
    const chosen = new Set(echoed?.values.selectedScenes ?? loaded.selectedScenes);
    return new Set(loaded.bundles.filter((b) => b.scenes.some((s) => chosen.has(s.id))).map((b) => b.id));
  });

  // The server's last figure is shown when it matches what is on screen; until then, the same sum done here.
  const sceneCount = new Set(selected).size;
  const price =
    serverPrice.sceneCount === sceneCount && (serverPrice.voucher?.code ?? null) === (voucher?.code ?? null)
      ? serverPrice
      : estimatePrice(sceneCount, voucher);
  const threshold = unlockedThreshold(sceneCount);

  // ----- Autosave: 1 s after the last change, the whole selection goes to the server -----
  const saveFetcher = useFetcher<PickerResult>({ key: 'scene-autosave' });
  const voucherFetcher = useFetcher<PickerResult>({ key: 'scene-voucher' });
  const latest = useRef({ level, selected, voucher });
  latest.current = { level, selected, voucher };
  const [changes, setChanges] = useState(0);
  const [saveStatus, setSaveStatus] = useState<'idle' | 'saving' | 'saved'>('idle');
  const changed = () => setChanges((n) => n + 1);
  // 'All changes saved' only when the answer is for the latest change, not for a save overtaken by a newer one.
  const latestChange = useRef(0);
  latestChange.current = changes;
  const savedChange = useRef(0);

  const selectionForm = useCallback((intent: string, voucherCode: string) => {
    const form = new FormData();
    form.set('intent', intent);
    form.set('js', '1');
    form.set('level', String(latest.current.level));
    for (const id of latest.current.selected) form.append('scene', id);
    form.set('voucherCode', voucherCode);
    form.set('appliedVoucher', latest.current.voucher?.code ?? '');
    return form;
  }, []);

  // The fetcher object is new on every render; the timer must only restart when the selection changes.
  const submitSave = useRef(saveFetcher.submit);
  submitSave.current = saveFetcher.submit;

  useEffect(() => {
    if (changes === 0) return;
    setSaveStatus('saving');
    const timer = setTimeout(() => {
      savedChange.current = latestChange.current;
      submitSave.current(selectionForm('save', latest.current.voucher?.code ?? ''), { method: 'post', action: PICKER_PATH });
    }, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [changes, selectionForm]);

  useEffect(() => {
    const result = saveFetcher.data;
    if (saveFetcher.state !== 'idle' || !result) return;
    if (result.ok && 'price' in result) {
      setServerPrice(result.price);
      setSelectionError(null);
      if (savedChange.current === latestChange.current) setSaveStatus('saved');
    } else if (!result.ok && 'values' in result) {
      setSaveStatus('idle');
      if (result.errors.voucherCode) {
        // The voucher was used or expired since it was applied: drop it, say why, and save without it.
        setVoucher(null);
        setVoucherError(result.errors.voucherCode);
        setVoucherOpen(true);
        changed();
      } else {
        setSelectionError(result.errors.selection ?? SCENE_MESSAGES.saveSelectionFailed);
      }
    }
  }, [saveFetcher.state, saveFetcher.data]);

  useEffect(() => {
    const result = voucherFetcher.data;
    if (voucherFetcher.state !== 'idle' || !result) return;
    if (result.ok && 'price' in result) {
      setServerPrice(result.price);
      setVoucher(result.price.voucher);
      setTypedVoucher('');
      setVoucherError(null);
      // An autosave sent while this was on its way may have carried the old voucher: save once more.
      changed();
    } else if (!result.ok && 'values' in result) {
      setVoucherError(result.errors.voucherCode ?? result.errors.selection ?? SCENE_MESSAGES.generic);
    }
  }, [voucherFetcher.state, voucherFetcher.data]);

  const applyVoucher = () => {
    if (voucher) {
      setVoucherError(VOUCHER_PICKER_MESSAGES.onlyOne);
      return;
    }
    if (!typedVoucher.trim()) {
      setVoucherError(VOUCHER_PICKER_MESSAGES.notFound);
      return;
    }
    voucherFetcher.submit(selectionForm('apply-voucher', typedVoucher), { method: 'post', action: PICKER_PATH });
  };
  const removeVoucher = () => {
    setVoucher(null);
    setVoucherError(null);
    voucherFetcher.submit(selectionForm('remove-voucher', ''), { method: 'post', action: PICKER_PATH });
  };

  // ----- Unlock messages with confetti, when a change crosses 5, 10 or 20 scenes upwards -----
  const previousCount = useRef(sceneCount);
  useEffect(() => {
    const before = previousCount.current;
    previousCount.current = sceneCount;
    if (!hydrated) return;
    if (unlockedThreshold(sceneCount) !== null && (unlockedThreshold(before) ?? 0) < (unlockedThreshold(sceneCount) ?? 0)) {
      void launchConfetti();
    }
  }, [sceneCount, hydrated]);

  // ----- Changes -----
  const updateSelection = (next: string[]) => {
    setSelected(next);
    setSelectionError(null);
    changed();
  };
  const bundleIds = (bundleId: string) => loaded.bundles.find((b) => b.id === bundleId)?.scenes.map((s) => s.id) ?? [];
  const onToggleBundle = (bundleId: string) => {
    const next = toggleBundle(selected, bundleIds(bundleId));
    updateSelection(next);
    setMode('bundles');
    if (next.length > selected.length) setOpenBundles((open) => new Set(open).add(bundleId));
  };
  const onOwnBundle = () => {
    updateSelection(clearPremadeScenes(selected));
    setMode('own');
    setOpenBundles(new Set(loaded.bundles.map((b) => b.id)));
  };

  // ----- Custom scenes: dialog, and delete in place -----
  const fetchers = useFetchers();
  const deleting = new Set(
    fetchers
      .map((f) => f.formData?.get('intent'))
      .filter((intent): intent is string => typeof intent === 'string' && intent.startsWith('delete-custom:'))
      .map((intent) => intent.slice('delete-custom:'.length)),
  );
  const customScenes = loaded.customScenes.filter((scene) => !deleting.has(scene.id));

  const openDialog = (draft: CustomSceneDraft) => {
    setDialogOpening((n) => n + 1);
    setDialogDraft(draft);
  };
  const onSaved = useCallback((scene: CustomSceneItem, created: boolean) => {
    if (created) {
      setSelected((current) => (current.includes(customSceneKey(scene.id)) ? current : [...current, customSceneKey(scene.id)]));
      // The API selected it already; saving again keeps a save that was in flight from dropping it.
      setChanges((n) => n + 1);
    }
    setDialogDraft(null);
  }, []);
  const deleter = useFetcher<PickerResult>({ key: 'delete-custom' });
  const onDelete = (scene: CustomSceneItem) => {
    const form = new FormData();
    form.set('intent', `delete-custom:${scene.id}`);
    form.set('js', '1');
    deleter.submit(form, { method: 'post', action: PICKER_PATH });
    setSelected((current) => current.filter((s) => s !== customSceneKey(scene.id)));
    changed();
  };
  // a delete that failed says so above the scenes until the next delete (the autosave's messages are the price bar's)
  const deleteError =
    deleter.state === 'idle' && deleter.data && !deleter.data.ok && 'values' in deleter.data ? deleter.data.errors.selection : undefined;

  // ----- Continue: always saves first (the action saves, then goes to /checkout) -----
  const [continuing, setContinuing] = useState(false);
  const onContinue = (event: MouseEvent<HTMLButtonElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    if (sceneCount === 0) {
      setSelectionError(SCENE_MESSAGES.selectLevelAndScene);
      return;
    }
    setContinuing(true);
    setChanges(0);
    // SPEC §9: a burst of confetti on continue, too (none for reduced motion).
    void launchConfetti();
    setContinueWhenIdle(true);
  };
  // Continue waits for a save, voucher or delete still on its way: its answer would reload the page's data while the
  // browser follows the action's redirect, and that race can leave the parent on this page (seen on a slow machine).
  const [continueWhenIdle, setContinueWhenIdle] = useState(false);
  const fetchersBusy = fetchers.some((f) => f.state !== 'idle');
  useEffect(() => {
    if (!continueWhenIdle || fetchersBusy) return;
    setContinueWhenIdle(false);
    submit(selectionForm('continue', latest.current.voucher?.code ?? ''), { method: 'post', action: PICKER_PATH });
  }, [continueWhenIdle, fetchersBusy, selectionForm, submit]);
  useEffect(() => {
    if (actionData && !actionData.ok && 'values' in actionData) {
      setContinuing(false);
      if (actionData.errors.selection) setSelectionError(actionData.errors.selection);
      if (actionData.errors.voucherCode) setVoucherError(actionData.errors.voucherCode);
    }
  }, [actionData]);

  // ----- Tabs (with JavaScript; without it both panels show, one after the other) -----
  useEffect(() => {
    if (window.location.hash === '#custom-scenes') setTab('custom');
  }, []);
  const tabs: { id: Tab; label: string }[] = [
    { id: 'premade', label: 'Pre-made Bundles' },
    { id: 'custom', label: 'Create Custom Scenes' },
  ];
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const next: Tab = event.key === 'Home' ? 'premade' : event.key === 'End' ? 'custom' : tab === 'premade' ? 'custom' : 'premade';
    setTab(next);
    document.getElementById(`tab-${next}`)?.focus();
  };

  const featured = useMemo(() => new Map(loaded.featured.map((f) => [f.bundleId, f.text])), [loaded.featured]);
  const customCount = customScenes.filter((s) => selected.includes(customSceneKey(s.id))).length;

  return (
    <div className="container page choose-scenes">
      <Breadcrumbs crumbs={CRUMBS} />
      <header className="page-header">
        <h1>Choose {loaded.childName ? `${loaded.childName}’s` : 'your'} scenes</h1>
        <p className="lead">
          Pick a difficulty level, then the scenes for the colouring book: ready-made bundles, scenes you write yourself, or both. The more
          scenes, the less each page costs.
        </p>
        <p>
          <Link to="/preview" className="text-link">
            See your cartoon preview
          </Link>
        </p>
        {loaded.paid ? (
          <p className="notice" role="note">
            This order is already paid, so the selection can no longer change.
          </p>
        ) : null}
      </header>

      <Form method="post" action={PICKER_PATH} className="scene-picker" id="scene-picker">
        {/* Enter in a text box submits with the first button: let that be a plain save, not a bundle toggle. */}
        <button type="submit" name="intent" value="save" className="visually-hidden" tabIndex={-1} aria-hidden="true">
          Save
        </button>
        <input type="hidden" name="pickerMode" value={mode} />

        <section className="picker-section" aria-labelledby="level-heading">
          <h2 id="level-heading">
            <span className="step-number" aria-hidden="true">
              1
            </span>{' '}
            Choose a difficulty level
          </h2>
          <LevelPicker
            levels={loaded.levels}
            value={level}
            onChange={(next) => {
              setLevel(next);
              changed();
            }}
          />
        </section>

        <section className="picker-section" aria-labelledby="scenes-heading">
          <h2 id="scenes-heading">
            <span className="step-number" aria-hidden="true">
              2
            </span>{' '}
            Choose scenes
          </h2>
          {hydrated ? (
            <div className="scene-tabs" role="tablist" aria-label="Kinds of scenes">
              {tabs.map((t) => (
                <button
                  key={t.id}
                  type="button"
                  role="tab"
                  id={`tab-${t.id}`}
                  aria-selected={tab === t.id}
                  aria-controls={t.id === 'premade' ? 'premade' : 'custom-scenes'}
                  tabIndex={tab === t.id ? 0 : -1}
                  onClick={() => setTab(t.id)}
                  onKeyDown={onTabKey}
                  className="scene-tabs__tab"
                >
                  {t.label}
                  {t.id === 'custom' && customScenes.length > 0 ? (
                    <span className="scene-tabs__count">
                      {customCount}/{customScenes.length}
                    </span>
                  ) : null}
                </button>
              ))}
            </div>
          ) : (
            <nav className="scene-tabs scene-tabs--links" aria-label="Kinds of scenes">
              <a href="#premade">Pre-made Bundles</a>
              <a href="#custom-scenes">Create Custom Scenes</a>
            </nav>
          )}

          <div
            id="premade"
            className="scene-panel"
            {...(hydrated ? { role: 'tabpanel', 'aria-labelledby': 'tab-premade', hidden: tab !== 'premade' } : {})}
          >
            <h3 className={hydrated ? 'visually-hidden' : undefined}>Pre-made Bundles</h3>
            <p className="scene-panel__intro">
              Tap a bundle to add all its scenes (tap again to take them out), or open a bundle to pick scenes one by one.
            </p>
            <BundlePicker
              bundles={loaded.bundles}
              featured={featured}
              selected={selected}
              level={level}
              mode={mode}
              openBundles={openBundles}
              hydrated={hydrated}
              onToggleBundle={onToggleBundle}
              onOwnBundle={onOwnBundle}
              onToggleScene={(id, on) => updateSelection(toggleScene(selected, id, on))}
              onOpenChange={(id, open) =>
                setOpenBundles((current) => {
                  const next = new Set(current);
                  if (open) next.add(id);
                  else next.delete(id);
                  return next;
                })
              }
            />
          </div>

          <div
            id="custom-scenes"
            className="scene-panel"
            {...(hydrated ? { role: 'tabpanel', 'aria-labelledby': 'tab-custom', hidden: tab !== 'custom' } : {})}
          >
            <h3 className={hydrated ? 'visually-hidden' : undefined}>Create Custom Scenes</h3>
            <p className="scene-panel__intro">
              Write your own: your child doing anything, anywhere. A new scene is added to your selection straight away.
            </p>
            {deleteError ? (
              <p id="custom-scene-error" className="form-error" role="alert">
                {deleteError}
              </p>
            ) : null}
            <CustomSceneGrid
              scenes={customScenes}
              selected={selected}
              hydrated={hydrated}
              onToggle={(key, on) => updateSelection(toggleScene(selected, key, on))}
              onAdd={() => openDialog(draftFor())}
              onEdit={(scene) => openDialog(draftFor(scene))}
              onDelete={onDelete}
            />
          </div>
        </section>

        <PriceBar
          price={price}
          hydrated={hydrated}
          unlock={threshold === null ? null : unlockMessage(threshold)}
          voucher={voucher}
          typedVoucher={typedVoucher}
          onTypedVoucher={(value) => {
            setTypedVoucher(value);
            setVoucherError(null);
          }}
          voucherError={voucherError}
          voucherOpen={voucherOpen}
          onVoucherOpenChange={setVoucherOpen}
          voucherBusy={voucherFetcher.state !== 'idle'}
          onApplyVoucher={applyVoucher}
          onRemoveVoucher={removeVoucher}
          selectionError={selectionError}
          saveStatus={saveStatus}
          continuing={continuing}
          onContinue={onContinue}
        />
      </Form>

      <CustomSceneDialog
        draft={dialogDraft}
        opening={dialogOpening}
        action={PICKER_PATH}
        onClose={() => setDialogDraft(null)}
        onSaved={onSaved}
      />
    </div>
  );
}
