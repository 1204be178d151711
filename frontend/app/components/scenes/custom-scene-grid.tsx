import type { MouseEvent } from 'react';
import { customSceneKey } from './selection';
import { intentValue } from '~/forms/scene-picker';

export interface CustomSceneItem {
  id: string;
  title: string;
  userPrompt: string;
}

interface Props {
  scenes: readonly CustomSceneItem[];
  selected: readonly string[];
  hydrated: boolean;
  onToggle: (key: string, on: boolean) => void;
  onAdd: (trigger: HTMLElement) => void;
  onEdit: (scene: CustomSceneItem, trigger: HTMLElement) => void;
  onDelete: (scene: CustomSceneItem) => void;
}

/**
 * The parent's own scenes. Without JavaScript, Add and Edit post the selection (so nothing ticked is lost) and go to
 * the form's own page; Delete posts its intent. With JavaScript they open the dialog or delete in place.
 */
export function CustomSceneGrid({ scenes, selected, hydrated, onToggle, onAdd, onEdit, onDelete }: Props) {
  const inBrowser = (act: (trigger: HTMLElement) => void) =>
    hydrated
      ? (event: MouseEvent<HTMLButtonElement>) => {
          event.preventDefault();
          act(event.currentTarget);
        }
      : undefined;

  return (
    <ul className="custom-grid">
      <li>
        <button type="submit" name="intent" value="add-custom" className="custom-card custom-card--add" onClick={inBrowser(onAdd)}>
          <span className="custom-card__plus" aria-hidden="true">
            +
          </span>
          <span>Add a custom scene</span>
        </button>
      </li>
      {scenes.map((scene) => {
        const key = customSceneKey(scene.id);
        return (
          <li key={scene.id} className="custom-card">
            <label className="custom-card__choose">
              <input
                type="checkbox"
                name="scene"
                value={key}
                checked={selected.includes(key)}
                onChange={(event) => onToggle(key, event.currentTarget.checked)}
                aria-describedby={`custom-${scene.id}-prompt`}
              />
              <span className="custom-card__title">{scene.title}</span>
            </label>
            <p id={`custom-${scene.id}-prompt`} className="custom-card__prompt">
              {scene.userPrompt}
            </p>
            <div className="custom-card__actions">
              <button
                type="submit"
                name="intent"
                value={intentValue({ type: 'edit-custom', sceneId: scene.id })}
                className="text-button"
                onClick={inBrowser((trigger) => onEdit(scene, trigger))}
              >
                Edit<span className="visually-hidden"> {scene.title}</span>
              </button>
              <button
                type="submit"
                name="intent"
                value={intentValue({ type: 'delete-custom', sceneId: scene.id })}
                formNoValidate
                className="text-button text-button--danger"
                onClick={inBrowser(() => onDelete(scene))}
              >
                Delete<span className="visually-hidden"> {scene.title}</span>
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
