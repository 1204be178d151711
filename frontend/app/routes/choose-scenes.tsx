import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useOutlet, useRouteLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import { useEffect, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Breadcrumbs } from '~/components/breadcrumbs';
import { useHydrated } from '~/components/flow/use-hydrated';
import { BundlePicker, type PickerMode } from '~/components/scenes/bundle-picker';
import { CustomSceneDialog } from '~/components/scenes/custom-scene-dialog';
import { draftFor, type CustomSceneDraft } from '~/components/scenes/custom-scene-form';
import { CustomSceneGrid, type CustomSceneItem } from '~/components/scenes/custom-scene-grid';
import { LevelPicker } from '~/components/scenes/level-picker';
import { pickerAction, priceOf, toCreate } from '~/components/scenes/picker-action.server';
import type { PickerResult } from '~/components/scenes/picker-state';
import { PriceBar } from '~/components/scenes/price-bar';
import {
  clearPremadeScenes,
  customSceneKey,
  toggleBundle,
  toggleScene,
  unlockedThreshold,
  unlockMessage,
} from '~/components/scenes/selection';
import { PICKER_PATH, useScenePicker } from '~/components/scenes/use-scene-picker';
import { ShareBox } from '~/components/share/share-box';
import { SHARE_VOUCHER_PATH } from '~/components/share/use-share-voucher';
import { parseIntent } from '~/forms/scene-picker';
import scenesStyles from '~/styles/scenes.css?url';
import shareStyles from '~/styles/share.css?url';
import quicksand700 from '@fontsource/quicksand/files/quicksand-latin-700-normal.woff2?url';
import { api, isSessionGone } from '~/utils/api.server';
import { CACHE_NEVER_NO_SECRET, cacheControl, pageHeaders } from '~/utils/cache';
import { RESUME_AT, productOf } from '~/utils/products';
import { pageMeta, type SiteMetaData } from '~/utils/meta';
import { requireMagicCode } from '~/utils/session.server';

const CRUMBS = [
  { name: 'Home', path: '/' },
  { name: 'Create', path: '/create' },
  { name: 'Choose scenes', path: '/choose-scenes' },
];

// The headings' weight, fetched beside the stylesheets rather than after them: this page's headings laid out in the
// fallback font and then again in Quicksand moved the whole picker below them (Lighthouse's layout shift, 0.19).
export const links: LinksFunction = () => [
  { rel: 'preload', href: quicksand700, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'stylesheet', href: scenesStyles },
  { rel: 'stylesheet', href: shareStyles },
];

export const headers = pageHeaders;

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Choose your scenes',
    description: 'Pick a difficulty level and the scenes for your personalised colouring book.',
    noIndex: true,
  });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const magicCode = await requireMagicCode(request);
  const client = api(request, context);
  try {
    const [catalogue, session, customScenes] = await Promise.all([
      client.getCatalogue(),
      client.currentSession(magicCode),
      client.listCustomScenes(magicCode),
    ]);
    // The scene pages are the custom pages' own: a session of another product goes back to its page.
    if (productOf(session) !== 'custom_scenes') throw redirect(RESUME_AT[productOf(session)]);
    return data(
      {
        levels: catalogue.levels,
        bundles: catalogue.bundles,
        featured: catalogue.featured,
        childName: session.childName,
        level: session.level,
        selectedScenes: session.selectedScenes,
        price: priceOf(session.price),
        paid: session.paid,
        customScenes: customScenes.map(({ id, title, userPrompt }) => ({ id, title, userPrompt })),
        mode: (new URL(request.url).searchParams.get('mode') === 'own' ? 'own' : 'bundles') as PickerMode,
      },
      // Names, scenes and prices, no code and no email: compressed (decision 018).
      { headers: cacheControl(CACHE_NEVER_NO_SECRET) },
    );
  } catch (error) {
    if (isSessionGone(error)) throw await toCreate();
    throw error;
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  return pickerAction(request, api(request, context), await requireMagicCode(request));
}

// The autosave and the voucher buttons answer with the new price, and a share only sends an email; nothing else on the page changed.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, formAction, defaultShouldRevalidate }) => {
  if (formAction === SHARE_VOUCHER_PATH) return false;
  const intent = formData && parseIntent(formData.get('intent')).type;
  if (formData?.get('js') === '1' && (intent === 'save' || intent === 'apply-voucher' || intent === 'remove-voucher')) return false;
  return defaultShouldRevalidate;
};

// ---------- The page ----------

type Tab = 'premade' | 'custom';

const TABS: { id: Tab; label: string }[] = [
  { id: 'premade', label: 'Pre-made Bundles' },
  { id: 'custom', label: 'Create Custom Scenes' },
];

export default function ChooseScenesRoute() {
  // The custom scene form's own page (/choose-scenes/custom) is a child route: it replaces the picker.
  const outlet = useOutlet();
  return outlet ?? <ChooseScenes />;
}

function ChooseScenes() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as PickerResult | undefined;
  const hydrated = useHydrated();
  const rootData = useRouteLoaderData<SiteMetaData>('root');
  const picker = useScenePicker(loaded, actionData, hydrated);
  const { state, dispatch, price, sceneCount } = picker;
  const { level, selected, mode } = state;
  const threshold = unlockedThreshold(sceneCount);

  const [tab, setTab] = useState<Tab>('premade');
  const [dialogDraft, setDialogDraft] = useState<CustomSceneDraft | null>(null);
  const [dialogOpening, setDialogOpening] = useState(0);
  const [openBundles, setOpenBundles] = useState<ReadonlySet<string>>(() => {
    if (mode === 'own') return new Set(loaded.bundles.map((b) => b.id));
    const chosen = new Set(selected);
    return new Set(loaded.bundles.filter((b) => b.scenes.some((s) => chosen.has(s.id))).map((b) => b.id));
  });

  // ----- Changes -----
  const updateSelection = (next: string[], nextMode?: PickerMode) => dispatch({ type: 'selection', selected: next, mode: nextMode });
  const onToggleBundle = (bundleId: string) => {
    const ids = loaded.bundles.find((b) => b.id === bundleId)?.scenes.map((s) => s.id) ?? [];
    const next = toggleBundle(selected, ids);
    updateSelection(next, 'bundles');
    if (next.length > selected.length) setOpenBundles((open) => new Set(open).add(bundleId));
  };
  const onOwnBundle = () => {
    updateSelection(clearPremadeScenes(selected), 'own');
    setOpenBundles(new Set(loaded.bundles.map((b) => b.id)));
  };
  const onContinue = (event: MouseEvent<HTMLButtonElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    picker.continueToCheckout();
  };

  // ----- Custom scenes: dialog, and delete in place -----
  const customScenes = loaded.customScenes.filter((scene) => !picker.deleting.has(scene.id));
  const openDialog = (draft: CustomSceneDraft) => {
    setDialogOpening((n) => n + 1);
    setDialogDraft(draft);
  };
  const { onCustomSaved } = picker;
  const onSaved = (scene: CustomSceneItem, created: boolean) => {
    onCustomSaved(scene, created);
    setDialogDraft(null);
  };

  // ----- Tabs (with JavaScript; without it both panels show, one after the other) -----
  useEffect(() => {
    if (window.location.hash === '#custom-scenes') setTab('custom');
  }, []);
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const next: Tab = event.key === 'Home' ? 'premade' : event.key === 'End' ? 'custom' : tab === 'premade' ? 'custom' : 'premade';
    setTab(next);
    document.getElementById(`tab-${next}`)?.focus();
  };

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
          <LevelPicker levels={loaded.levels} value={level} onChange={(next) => dispatch({ type: 'level', level: next })} />
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
              {TABS.map((t) => (
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
              featured={loaded.featured}
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
            {picker.deleteError ? (
              <p id="custom-scene-error" className="form-error" role="alert">
                {picker.deleteError}
              </p>
            ) : null}
            <CustomSceneGrid
              scenes={customScenes}
              selected={selected}
              hydrated={hydrated}
              onToggle={(key, on) => updateSelection(toggleScene(selected, key, on))}
              onAdd={() => openDialog(draftFor())}
              onEdit={(scene) => openDialog(draftFor(scene))}
              onDelete={picker.deleteScene}
            />
          </div>
        </section>

        <PriceBar
          price={price}
          hydrated={hydrated}
          unlock={threshold === null ? null : unlockMessage(threshold)}
          voucher={state.voucher}
          typedVoucher={state.typedVoucher}
          onTypedVoucher={(value) => dispatch({ type: 'typed-voucher', value })}
          voucherError={state.voucherError}
          voucherOpen={state.voucherOpen}
          onVoucherOpenChange={(open) => dispatch({ type: 'voucher-open', open })}
          voucherBusy={picker.voucherBusy}
          onApplyVoucher={picker.applyVoucher}
          onRemoveVoucher={picker.removeVoucher}
          selectionError={state.selectionError}
          saveStatus={state.saveStatus}
          continuing={state.continuing}
          onContinue={onContinue}
        />
      </Form>

      <ShareBox shareUrl={`${rootData?.publicUrl ?? ''}/`} voucher />

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
