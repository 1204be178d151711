// The custom scene form's one schema, for the dialog (JavaScript), the form's own page (without), and both actions:
// the draft as posted, checked with SPEC §5's rules and the prompt checker (checkDraft), in the API's words.
import { z } from 'zod';
import { checkDraft, type CustomSceneDraft } from '~/components/scenes/custom-scene-form';
import { cleanChoice } from '~/components/scenes/scene-text';
import { addFieldIssues, text } from './rules';

/** The form as posted: id ('' for a new scene), title, the writing mode, the builder's four lists and the free text. */
export const CustomSceneDraftSchema = z
  .object({
    id: text,
    title: text,
    mode: z.enum(['builder', 'free']).catch('builder'),
    activity: z.string().optional(),
    location: z.string().optional(),
    companion: z.string().optional(),
    object: z.string().optional(),
    userPrompt: text,
  })
  .transform((posted): CustomSceneDraft => ({
    id: posted.id,
    title: posted.title,
    mode: posted.mode,
    choice: cleanChoice(posted),
    text: posted.userPrompt,
  }));

/** The draft, checked: what is saved (the builder's sentence or the parent's words), or a message per field. */
export const CustomSceneSchema = CustomSceneDraftSchema.transform((draft, ctx) => {
  const checked = checkDraft(draft);
  if (!checked.ok) {
    addFieldIssues(ctx, checked.errors);
    return z.NEVER;
  }
  return { id: draft.id, title: checked.title, userPrompt: checked.userPrompt };
});

/** The draft a form posted, unchecked (Random Ideas and Check my scene answer with it). */
export function readCustomSceneDraft(form: FormData): CustomSceneDraft {
  return CustomSceneDraftSchema.parse(Object.fromEntries(form));
}
