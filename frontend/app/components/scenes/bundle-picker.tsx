import type { MouseEvent } from 'react';
import type { FeaturedBundleView } from '@colouring/domain';
import { bundleFullyChosen } from './selection';
import { intentValue } from '~/forms/scene-picker';

export interface BundleOption {
  id: string;
  name: string;
  description: string;
  scenes: { id: string; title: string; shortDescription: string }[];
}

export type PickerMode = 'bundles' | 'own';

interface Props {
  bundles: readonly BundleOption[];
  /** The API's active features: one per bundle (its most prominent row), most prominent first. */
  featured: readonly FeaturedBundleView[];
  selected: readonly string[];
  level: number;
  mode: PickerMode;
  openBundles: ReadonlySet<string>;
  hydrated: boolean;
  onToggleBundle: (bundleId: string) => void;
  onOwnBundle: () => void;
  onToggleScene: (sceneId: string, on: boolean) => void;
  onOpenChange: (bundleId: string, open: boolean) => void;
}

/** With JavaScript a button acts at once; without, it posts its `intent` and the page comes back re-priced. */
const handledInBrowser = (hydrated: boolean, act: () => void) =>
  hydrated
    ? (event: MouseEvent<HTMLButtonElement>) => {
        event.preventDefault();
        act();
      }
    : undefined;

/** The featured bundles first, in the API's order (by priority), then the others in the catalogue's order (sort is stable). */
function featuredFirst(bundles: readonly BundleOption[], featured: readonly FeaturedBundleView[]): BundleOption[] {
  const rank = new Map(featured.map((f, index) => [f.bundleId, index]));
  const rankOf = (bundle: BundleOption) => rank.get(bundle.id) ?? featured.length;
  return [...bundles].sort((a, b) => rankOf(a) - rankOf(b));
}

export function BundlePicker(props: Props) {
  const { featured, selected, level, mode, openBundles, hydrated } = props;
  const bundles = featuredFirst(props.bundles, featured);
  const notes = new Map(featured.map((f) => [f.bundleId, f.text]));
  return (
    <>
      <div className="bundle-buttons" role="group" aria-label="Bundles">
        {bundles.map((bundle) => {
          const ids = bundle.scenes.map((s) => s.id);
          const pressed = bundleFullyChosen(selected, ids);
          const note = notes.get(bundle.id);
          return (
            <button
              key={bundle.id}
              type="submit"
              name="intent"
              value={intentValue({ type: 'bundle', bundleId: bundle.id })}
              className="bundle-button"
              aria-pressed={pressed}
              onClick={handledInBrowser(hydrated, () => props.onToggleBundle(bundle.id))}
            >
              <span className="bundle-button__name">{bundle.name}</span>
              <span className="bundle-button__meta">{bundle.scenes.length} scenes</span>
              {note ? <span className="bundle-button__featured">{note}</span> : null}
            </button>
          );
        })}
        <button
          type="submit"
          name="intent"
          value="own-bundle"
          className="bundle-button bundle-button--own"
          aria-pressed={mode === 'own'}
          onClick={handledInBrowser(hydrated, props.onOwnBundle)}
        >
          <span className="bundle-button__name">Create Your Own Bundle</span>
          <span className="bundle-button__meta">Pick scenes one by one</span>
        </button>
      </div>

      <div className="bundle-lists">
        {bundles.map((bundle) => {
          const chosen = bundle.scenes.filter((s) => selected.includes(s.id)).length;
          return (
            <details
              key={bundle.id}
              id={`bundle-${bundle.id}`}
              className="bundle-list"
              open={openBundles.has(bundle.id)}
              onToggle={(event) => {
                const open = event.currentTarget.open;
                if (open !== openBundles.has(bundle.id)) props.onOpenChange(bundle.id, open);
              }}
            >
              <summary>
                <span className="bundle-list__name">{bundle.name}</span>
                <span className="bundle-list__count">
                  {chosen} of {bundle.scenes.length} chosen
                </span>
              </summary>
              <p className="bundle-list__description">{bundle.description}</p>
              <ul className="scene-grid">
                {bundle.scenes.map((scene) => (
                  <li key={scene.id}>
                    <label className="choice-card scene-card">
                      <input
                        type="checkbox"
                        name="scene"
                        value={scene.id}
                        checked={selected.includes(scene.id)}
                        onChange={(event) => props.onToggleScene(scene.id, event.currentTarget.checked)}
                        aria-describedby={`scene-${scene.id}-description`}
                      />
                      <img
                        className="scene-card__thumbnail"
                        src={`/api/scenes/${encodeURIComponent(scene.id)}/thumbnail.svg?level=${level}`}
                        alt=""
                        width="196"
                        height="230"
                        loading="lazy"
                        decoding="async"
                      />
                      <span className="scene-card__title">{scene.title}</span>
                      <span id={`scene-${scene.id}-description`} className="scene-card__description">
                        {scene.shortDescription}
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </details>
          );
        })}
      </div>
    </>
  );
}
