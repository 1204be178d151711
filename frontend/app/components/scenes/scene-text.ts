// The guided builder's four choices ↔ the custom scene's text, in the browser and in Remix actions alike: one companion
// and one object, written and read by the domain's scene text (the copy the artwork engine reads the text with).
import {
  ACTIVITIES,
  COMPANIONS,
  LOCATIONS,
  OBJECTS,
  sceneSentence,
  vocabularyMatches,
  type VocabularyEntry,
  type VocabularyKind,
} from '@colouring/domain';

export interface BuilderChoice {
  activity: string;
  location: string;
  companion: string;
  object: string;
}

export type BuilderField = keyof BuilderChoice;

export const EMPTY_CHOICE: BuilderChoice = { activity: '', location: '', companion: '', object: '' };

export const BUILDER_FIELDS: readonly { field: BuilderField; label: string; list: readonly VocabularyEntry[]; none: string }[] = [
  { field: 'activity', label: 'What is your child doing?', list: ACTIVITIES, none: 'Choose an activity' },
  { field: 'location', label: 'Where are they?', list: LOCATIONS, none: 'Choose a place' },
  { field: 'companion', label: 'Who is with them?', list: COMPANIONS, none: 'Nobody else' },
  { field: 'object', label: 'What else is in the picture?', list: OBJECTS, none: 'Nothing else' },
];

/** The sentence the guided builder writes: 'Flying a rocket in outer space with a puppy and stars.' ('' for no choice). */
export const composeSceneText = (choice: BuilderChoice): string =>
  sceneSentence({
    activity: choice.activity,
    location: choice.location,
    companions: choice.companion ? [choice.companion] : [],
    objects: choice.object ? [choice.object] : [],
  });

/** Reads free-written text into the builder's four choices: the first match of each kind, '' where the text says nothing. */
export function choiceFromText(text: string): BuilderChoice {
  const found = vocabularyMatches(text);
  const first = (kind: VocabularyKind) => found.find((f) => f.kind === kind)?.id ?? '';
  return { activity: first('activity'), location: first('location'), companion: first('companion'), object: first('object') };
}

/** A random idea for each of the four dropdowns; `random` is injectable so a server and a test can repeat it. */
export function randomChoice(random: () => number = Math.random): BuilderChoice {
  const pick = (list: readonly VocabularyEntry[]) => list[Math.floor(random() * list.length)]!.id;
  return { activity: pick(ACTIVITIES), location: pick(LOCATIONS), companion: pick(COMPANIONS), object: pick(OBJECTS) };
}

/** Keeps only ids the vocabulary knows, so a posted form cannot smuggle anything else into the text. */
export function cleanChoice(raw: Partial<Record<BuilderField, unknown>>): BuilderChoice {
  const known = (field: BuilderField) => {
    const value = raw[field];
    const list = BUILDER_FIELDS.find((f) => f.field === field)!.list;
    return typeof value === 'string' && list.some((e) => e.id === value) ? value : '';
  };
  return { activity: known('activity'), location: known('location'), companion: known('companion'), object: known('object') };
}
