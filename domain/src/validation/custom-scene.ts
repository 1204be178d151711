// A custom scene the parent writes: a short title and a description the artwork engine composes from.
import { CUSTOM_SCENE_DESCRIPTION_MAX_LENGTH, CUSTOM_SCENE_TITLE_MAX_LENGTH } from '../constants.js';
import { type CheckedForm, type FieldErrors, formResult } from './result.js';

export const CUSTOM_SCENE_MESSAGES = {
  required: 'Please fill in both title and description',
  titleTooLong: 'Title must be 50 characters or less',
  descriptionTooLong: 'Description must be 300 characters or less',
} as const;

export interface CustomSceneFormInput {
  readonly title: string;
  readonly description: string;
}

/** Both fields required (the message goes on each empty one), then the two length limits; answers them trimmed. */
export function validateCustomScene(input: CustomSceneFormInput): CheckedForm<CustomSceneFormInput> {
  const title = input.title.trim();
  const description = input.description.trim();
  const errors: FieldErrors<keyof CustomSceneFormInput> = {};
  if (title === '') errors.title = CUSTOM_SCENE_MESSAGES.required;
  else if (title.length > CUSTOM_SCENE_TITLE_MAX_LENGTH) errors.title = CUSTOM_SCENE_MESSAGES.titleTooLong;
  if (description === '') errors.description = CUSTOM_SCENE_MESSAGES.required;
  else if (description.length > CUSTOM_SCENE_DESCRIPTION_MAX_LENGTH) errors.description = CUSTOM_SCENE_MESSAGES.descriptionTooLong;
  return formResult({ title, description }, errors);
}
