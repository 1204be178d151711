// The guided builder's four choices ↔ the custom scene's text, in the browser and in Remix actions alike.
// It mirrors backend/src/artwork/scenes/custom.ts (composeText / compositionFromText), reduced to one companion
// and one object; both should move to @colouring/domain so the two sides share one copy.
import { ACTIVITIES, COMPANIONS, LOCATIONS, OBJECTS, type VocabularyEntry } from '@colouring/domain';

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

// The same prepositions the artwork engine writes, so a composed sentence reads back to the same page.
const PREPOSITION: Readonly<Record<string, string>> = { moon: 'on', beach: 'at', farm: 'on', 'sports-field': 'on', home: 'at' };

const labelOf = (list: readonly VocabularyEntry[], id: string): string | undefined => list.find((e) => e.id === id)?.label;

/** The sentence the guided builder writes: 'Flying a rocket in outer space with a puppy and stars.' ('' for no choice). */
export function composeSceneText(choice: BuilderChoice): string {
  const activity = labelOf(ACTIVITIES, choice.activity);
  const location = labelOf(LOCATIONS, choice.location);
  const things = [labelOf(COMPANIONS, choice.companion), labelOf(OBJECTS, choice.object)].filter((t): t is string => Boolean(t));
  const parts = [
    activity,
    location ? `${PREPOSITION[choice.location] ?? 'in'} ${location}` : undefined,
    things.length ? `with ${things.join(' and ')}` : undefined,
  ].filter((p): p is string => Boolean(p));
  if (parts.length === 0) return '';
  const sentence = `${parts.join(' ')}.`;
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

const normalise = (text: string): string =>
  ` ${text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9'-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;
const stripArticle = (text: string): string => text.replace(/^(a|an|the|some)\s+/i, '');
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Phrase {
  field: BuilderField;
  id: string;
  pattern: RegExp;
  length: number;
  label: boolean;
}

let phrases: Phrase[] | undefined;

// Whole words, the last one allowed a plural; longest phrase first so 'flying a rocket' wins over 'rocket'.
function vocabularyPhrases(): Phrase[] {
  if (phrases) return phrases;
  const out: Phrase[] = [];
  for (const { field, list } of BUILDER_FIELDS) {
    for (const entry of list) {
      const labels = new Set([normalise(entry.label).trim(), normalise(stripArticle(entry.label)).trim()]);
      const texts = [
        ...[...labels].map((text) => ({ text, label: true })),
        ...entry.words.map((w) => ({ text: normalise(w).trim(), label: false })),
      ];
      for (const { text, label } of texts) {
        if (!text) continue;
        const words = text.split(' ').map(escapeRegExp);
        const last = words.pop()!;
        const plural = last.endsWith('y') ? `(?:${last}|${last.slice(0, -1)}ies)` : `${last}(?:s|es)?`;
        out.push({
          field,
          id: entry.id,
          pattern: new RegExp(`(?<= )${[...words, plural].join(' ')}(?= )`, 'g'),
          length: text.length,
          label,
        });
      }
    }
  }
  out.sort((a, b) => b.length - a.length || Number(b.label) - Number(a.label));
  phrases = out;
  return out;
}

/** Reads free-written text into the builder's four choices: the first match of each kind, '' where the text says nothing. */
export function choiceFromText(text: string): BuilderChoice {
  let rest = normalise(text);
  const found: { field: BuilderField; id: string; at: number }[] = [];
  for (const phrase of vocabularyPhrases()) {
    rest = rest.replace(phrase.pattern, (match, offset: number) => {
      found.push({ field: phrase.field, id: phrase.id, at: offset });
      return ` ${'#'.repeat(Math.max(0, match.length - 2))} `;
    });
  }
  found.sort((a, b) => a.at - b.at);
  const first = (field: BuilderField) => found.find((f) => f.field === field)?.id ?? '';
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
