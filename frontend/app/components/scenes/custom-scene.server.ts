// Saving a custom scene through the API, for the scene picker's dialog and the form's own page.
import { SCENE_MESSAGES, SESSION_MESSAGES } from '@colouring/domain';
import { isApiError, type Api } from '~/utils/api.server';
import { checkDraft, type CustomSceneDraft, type CustomSceneErrors } from './custom-scene-form';
import type { CustomSceneItem } from './custom-scene-grid';

export type SavedCustomScene =
  { ok: true; customScene: CustomSceneItem; created: boolean } | { ok: false; status: number; errors: CustomSceneErrors };

/** The API answers 404 'Session not found' for a missing, unknown or expired magic code. */
export function isSessionGone(error: unknown): boolean {
  return isApiError(error) && error.statusCode === 404 && error.message === SESSION_MESSAGES.notFound;
}

/** Checks the draft with the domain's rules first (same words as the API), then creates or updates it. */
export async function saveCustomScene(client: Api, magicCode: string, draft: CustomSceneDraft): Promise<SavedCustomScene> {
  const checked = checkDraft(draft);
  if (!checked.ok) return { ok: false, status: 400, errors: checked.errors };
  const fields = { title: checked.title, userPrompt: checked.userPrompt };
  try {
    const scene = draft.id
      ? await client.updateCustomScene(magicCode, draft.id, fields)
      : await client.createCustomScene(magicCode, fields);
    return { ok: true, customScene: { id: scene.id, title: scene.title, userPrompt: scene.userPrompt }, created: !draft.id };
  } catch (error) {
    if (!isApiError(error) || isSessionGone(error)) throw error;
    const errors: CustomSceneErrors = {};
    if (error.fieldErrors.title) errors.title = error.fieldErrors.title;
    if (error.fieldErrors.userPrompt) errors.userPrompt = error.fieldErrors.userPrompt;
    if (!errors.title && !errors.userPrompt)
      errors.form = error.isValidation || error.statusCode === 404 ? error.message : SCENE_MESSAGES.saveCustomSceneFailed;
    return { ok: false, status: error.isValidation ? error.statusCode : 502, errors };
  }
}
