// The custom scene form's fields, shared by the dialog (with JavaScript) and the page of its own (without).
// Without JavaScript both writing modes show at once and the radio says which one counts; 'Check my scene'
// and 'Random Ideas' post to the page, which answers with the score. With JavaScript one mode shows at a
// time, switching composes or parses the text, and the score follows every keystroke.
import { CUSTOM_SCENE_DESCRIPTION_MAX_LENGTH, CUSTOM_SCENE_TITLE_MAX_LENGTH } from '@colouring/domain';
import { Link } from '@remix-run/react';
import { useState, type ReactNode } from 'react';
import {
  sceneTextOf,
  switchMode,
  withRandomIdea,
  type CustomSceneDraft,
  type CustomSceneErrors,
  type WritingMode,
} from './custom-scene-form';
import { Button } from '~/components/ui/button';
import { Field, FieldError } from '~/components/ui/field';
import { PromptScore } from './prompt-score';
import { BUILDER_FIELDS, composeSceneText, type BuilderField } from './scene-text';

interface Props {
  initial: CustomSceneDraft;
  errors: CustomSceneErrors;
  hydrated: boolean;
  /** The `intent` the save button posts. */
  saveIntent: string;
  busy: boolean;
  /** Prefix for element ids, so the dialog and the page never clash. */
  idPrefix: string;
  /** Cancel as a button (the dialog) or as a link (the page). */
  onCancel?: () => void;
  cancelHref?: string;
}

export function CustomSceneFields({ initial, errors, hydrated, saveIntent, busy, idPrefix, onCancel, cancelHref }: Props) {
  const [draft, setDraft] = useState(initial);
  const id = (name: string) => `${idPrefix}-${name}`;
  const effectiveText = sceneTextOf(draft);
  const showBuilder = !hydrated || draft.mode === 'builder';
  const showFree = !hydrated || draft.mode === 'free';

  const setMode = (mode: WritingMode) => setDraft((d) => switchMode(d, mode));
  const setChoice = (field: BuilderField, value: string) =>
    setDraft((d) => {
      const choice = { ...d.choice, [field]: value };
      return { ...d, choice, text: composeSceneText(choice) || d.text };
    });

  const fieldError = (name: 'title' | 'userPrompt'): ReactNode => (
    <FieldError id={id(`${name}-error`)} errors={errors[name] ? [errors[name]] : undefined} />
  );

  return (
    <>
      {/* Enter in the title submits with the first button: make that the save, not 'Random Ideas'. */}
      <button type="submit" name="intent" value={saveIntent} className="visually-hidden" tabIndex={-1} aria-hidden="true">
        Save
      </button>
      <input type="hidden" name="id" value={draft.id} />
      {errors.form ? (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      ) : null}

      <Field
        id={id('title')}
        label="Scene title"
        hint={<>A short name, like “Lily’s moon party”. Up to {CUSTOM_SCENE_TITLE_MAX_LENGTH} characters.</>}
        errors={errors.title ? [errors.title] : undefined}
      >
        {(control) => (
          <input
            {...control}
            name="title"
            type="text"
            required
            maxLength={CUSTOM_SCENE_TITLE_MAX_LENGTH}
            autoComplete="off"
            value={draft.title}
            onChange={(event) => {
              const title = event.currentTarget.value;
              setDraft((d) => ({ ...d, title }));
            }}
          />
        )}
      </Field>

      <fieldset className="mode-switch">
        <legend>How would you like to describe it?</legend>
        {(['builder', 'free'] as const).map((mode) => (
          <label key={mode} className="mode-switch__option">
            <input type="radio" name="mode" value={mode} checked={draft.mode === mode} onChange={() => setMode(mode)} />
            <span>{mode === 'builder' ? 'Guided builder' : 'Free writing'}</span>
          </label>
        ))}
        {hydrated ? null : <p className="field__hint">Fill in either part below; we use the one you pick here.</p>}
      </fieldset>

      {showBuilder ? (
        <fieldset className="builder" aria-describedby={id('composed')}>
          <legend className={hydrated ? 'visually-hidden' : undefined}>Guided builder</legend>
          <div className="builder__grid">
            {BUILDER_FIELDS.map(({ field, label, list, none }) => (
              <div className="field" key={field}>
                <label htmlFor={id(field)}>{label}</label>
                <select
                  id={id(field)}
                  name={field}
                  value={draft.choice[field]}
                  onChange={(event) => setChoice(field, event.currentTarget.value)}
                >
                  <option value="">{none}</option>
                  {list.map((entry) => (
                    <option key={entry.id} value={entry.id}>
                      {entry.label}
                    </option>
                  ))}
                </select>
              </div>
            ))}
          </div>
          <div className="builder__footer">
            <button
              type="submit"
              name="intent"
              value="random"
              formNoValidate
              className="button button--secondary button--small"
              onClick={(event) => {
                if (!hydrated) return;
                event.preventDefault();
                setDraft((d) => withRandomIdea(d));
              }}
            >
              Random Ideas
            </button>
            <p id={id('composed')} className="builder__composed">
              {composeSceneText(draft.choice) ? (
                <>
                  Your scene: <q>{composeSceneText(draft.choice)}</q>
                </>
              ) : (
                'Pick from the lists, or try Random Ideas.'
              )}
            </p>
          </div>
        </fieldset>
      ) : null}

      {showFree ? (
        <div className={`field${errors.userPrompt ? ' field--error' : ''}`}>
          <label htmlFor={id('userPrompt')}>Describe the scene in your own words</label>
          <p id={id('userPrompt-hint')} className="field__hint">
            What is your child doing, and where? Up to {CUSTOM_SCENE_DESCRIPTION_MAX_LENGTH} characters.
          </p>
          <textarea
            id={id('userPrompt')}
            name="userPrompt"
            rows={4}
            maxLength={CUSTOM_SCENE_DESCRIPTION_MAX_LENGTH}
            value={draft.text}
            onChange={(event) => {
              const text = event.currentTarget.value;
              setDraft((d) => ({ ...d, text }));
            }}
            aria-invalid={errors.userPrompt ? true : undefined}
            aria-describedby={[id('userPrompt-hint'), errors.userPrompt ? id('userPrompt-error') : '', id('score')]
              .filter(Boolean)
              .join(' ')}
          />
          <p className="field__counter" aria-hidden="true">
            {draft.text.length}/{CUSTOM_SCENE_DESCRIPTION_MAX_LENGTH}
          </p>
          {fieldError('userPrompt')}
        </div>
      ) : errors.userPrompt ? (
        fieldError('userPrompt')
      ) : null}

      <PromptScore text={effectiveText} id={id('score')} />

      <div className="form-actions">
        <Button name="intent" value={saveIntent} disabled={busy}>
          {busy ? 'Saving…' : draft.id ? 'Save changes' : 'Add scene'}
        </Button>
        {hydrated ? null : (
          <Button name="intent" value="check" formNoValidate variant="secondary">
            Check my scene
          </Button>
        )}
        {onCancel ? (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            Cancel
          </button>
        ) : cancelHref ? (
          <Link to={cancelHref} className="button button--ghost">
            Cancel
          </Link>
        ) : null}
      </div>
    </>
  );
}
