// The custom scene form's draft: its two writing modes, and the check both the dialog and the page of its own run
// (through forms/custom-scene.ts, the form's schema).
import { checkPrompt, validateCustomScene } from '@colouring/domain';
import { choiceFromText, composeSceneText, EMPTY_CHOICE, randomChoice, type BuilderChoice } from './scene-text';

export type WritingMode = 'builder' | 'free';

export interface CustomSceneDraft {
  /** '' for a new scene. */
  id: string;
  title: string;
  mode: WritingMode;
  choice: BuilderChoice;
  /** The free-writing text. */
  text: string;
}

export type CustomSceneErrors = Partial<Record<'title' | 'userPrompt' | 'form', string>>;

/** The description that is saved: the builder's sentence, or what the parent wrote. */
export function sceneTextOf(draft: CustomSceneDraft): string {
  return draft.mode === 'builder' ? composeSceneText(draft.choice) : draft.text;
}

/** A new scene starts in the guided builder; an existing one opens as its text, with the builder read from it. */
export function draftFor(scene?: { id: string; title: string; userPrompt: string }): CustomSceneDraft {
  if (!scene) return { id: '', title: '', mode: 'builder', choice: EMPTY_CHOICE, text: '' };
  return { id: scene.id, title: scene.title, mode: 'free', choice: choiceFromText(scene.userPrompt), text: scene.userPrompt };
}

/** Switching mode: to free writing composes the builder's sentence; to the builder parses the text. */
export function switchMode(draft: CustomSceneDraft, mode: WritingMode): CustomSceneDraft {
  if (mode === draft.mode) return draft;
  if (mode === 'free') {
    const composed = composeSceneText(draft.choice);
    return { ...draft, mode, text: composed || draft.text };
  }
  return { ...draft, mode, choice: choiceFromText(draft.text) };
}

/** Without JavaScript, 'Check my scene' brings both halves in line with the mode that was chosen. */
export function alignDraft(draft: CustomSceneDraft): CustomSceneDraft {
  return draft.mode === 'builder'
    ? { ...draft, text: composeSceneText(draft.choice) || draft.text }
    : { ...draft, choice: choiceFromText(draft.text) };
}

export function withRandomIdea(draft: CustomSceneDraft, random?: () => number): CustomSceneDraft {
  const choice = randomChoice(random);
  return { ...draft, mode: 'builder', choice, text: composeSceneText(choice) };
}

/** SPEC §5's rules, then the prompt checker's: the API checks the same and says the same. */
export function checkDraft(
  draft: CustomSceneDraft,
): { ok: true; title: string; userPrompt: string } | { ok: false; errors: CustomSceneErrors } {
  const checked = validateCustomScene({ title: draft.title, description: sceneTextOf(draft) });
  if (!checked.ok) return { ok: false, errors: { title: checked.errors.title, userPrompt: checked.errors.description } };
  const prompt = checkPrompt(checked.value.description);
  if (!prompt.valid) return { ok: false, errors: { userPrompt: prompt.issues[0] } };
  return { ok: true, title: checked.value.title, userPrompt: checked.value.description };
}
