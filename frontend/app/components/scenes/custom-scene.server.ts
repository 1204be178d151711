// Saving a custom scene through the API, for the scene picker's dialog and the form's own page.
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { ApiErrorCode, SCENE_MESSAGES } from '@colouring/domain';
import { CustomSceneSchema } from '~/forms/custom-scene';
import { isApiError, isSessionGone, type Api } from '~/utils/api.server';
import { formRefusal } from '~/utils/form-errors.server';
import type { CustomSceneItem } from './custom-scene-grid';

export type SavedCustomScene =
  { ok: true; customScene: CustomSceneItem; created: boolean } | { ok: false; status: number; result: SubmissionResult<string[]> };

/** Checks the form with its schema first (the domain's rules, the API's words), then creates or updates the scene. */
export async function saveCustomScene(client: Api, magicCode: string, form: FormData): Promise<SavedCustomScene> {
  const submission = parseWithZod(form, { schema: CustomSceneSchema });
  if (submission.status !== 'success') return { ok: false, status: 400, result: submission.reply() };
  const { id, title, userPrompt } = submission.value;
  try {
    const scene = id
      ? await client.updateCustomScene(magicCode, id, { title, userPrompt })
      : await client.createCustomScene(magicCode, { title, userPrompt });
    return { ok: true, customScene: { id: scene.id, title: scene.title, userPrompt: scene.userPrompt }, created: !id };
  } catch (error) {
    if (!isApiError(error) || isSessionGone(error)) throw error;
    // A scene deleted meanwhile (in another tab) is named by the API's own words.
    const { status, fieldErrors, formErrors } = formRefusal(error, ['title', 'userPrompt'] as const, {
      failed: SCENE_MESSAGES.saveCustomSceneFailed,
      alsoRefusals: [ApiErrorCode.NotFound],
    });
    return { ok: false, status, result: submission.reply({ fieldErrors, formErrors }) };
  }
}
