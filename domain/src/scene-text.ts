// A custom scene's text ↔ the vocabulary's ids: the one copy the guided builder (in the browser and in Remix actions)
// and the artwork engine share, so a sentence the builder writes reads back to the same choices and the same page.
// Matching is greedy, longest phrase first, so a label such as 'flying a rocket' is read whole before 'rocket' alone.
import { ACTIVITIES, COMPANIONS, LOCATIONS, OBJECTS, type VocabularyEntry } from './scene-vocabulary.js';

export type VocabularyKind = 'activity' | 'location' | 'companion' | 'object';

/** The vocabulary list of each kind, in the order the builder shows them. */
export const VOCABULARY: Readonly<Record<VocabularyKind, readonly VocabularyEntry[]>> = {
  activity: ACTIVITIES,
  location: LOCATIONS,
  companion: COMPANIONS,
  object: OBJECTS,
};

/** A vocabulary entry found in a text, `at` its place in the normalised text. */
export interface VocabularyMatch {
  kind: VocabularyKind;
  id: string;
  at: number;
}

/** Lower case, accents and punctuation gone, single spaces, one space at each end (so every word has a space on both sides). */
export const normaliseSceneText = (text: string): string =>
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
  kind: VocabularyKind;
  id: string;
  pattern: RegExp;
  length: number;
  /** Labels beat loose words of the same length. */
  label: boolean;
}

let phrases: Phrase[] | undefined;

/** A phrase as whole words, its last word allowed a plural ending. */
function phrasePattern(text: string): RegExp {
  const words = text.split(' ').map(escapeRegExp);
  const last = words.pop()!;
  const plural = last.endsWith('y') ? `(?:${last}|${last.slice(0, -1)}ies)` : `${last}(?:s|es)?`;
  return new RegExp(`(?<= )${[...words, plural].join(' ')}(?= )`, 'g');
}

function vocabularyPhrases(): Phrase[] {
  if (phrases) return phrases;
  const out: Phrase[] = [];
  for (const kind of Object.keys(VOCABULARY) as VocabularyKind[]) {
    for (const entry of VOCABULARY[kind]) {
      const labels = new Set([normaliseSceneText(entry.label).trim(), normaliseSceneText(stripArticle(entry.label)).trim()]);
      const texts = [
        ...[...labels].map((text) => ({ text, label: true })),
        ...entry.words.map((word) => ({ text: normaliseSceneText(word).trim(), label: false })),
      ];
      for (const { text, label } of texts)
        if (text) out.push({ kind, id: entry.id, pattern: phrasePattern(text), length: text.length, label });
    }
  }
  out.sort((a, b) => b.length - a.length || Number(b.label) - Number(a.label));
  phrases = out;
  return out;
}

/** Every vocabulary entry the text names, in the order the text names them. */
export function vocabularyMatches(text: string): VocabularyMatch[] {
  let rest = normaliseSceneText(text);
  const found: VocabularyMatch[] = [];
  for (const phrase of vocabularyPhrases()) {
    rest = rest.replace(phrase.pattern, (match, offset: number) => {
      found.push({ kind: phrase.kind, id: phrase.id, at: offset });
      return ` ${'#'.repeat(Math.max(0, match.length - 2))} `;
    });
  }
  return found.sort((a, b) => a.at - b.at);
}

/** What a scene's sentence says: any part may be missing. */
export interface SceneWords {
  activity?: string;
  location?: string;
  companions: readonly string[];
  objects: readonly string[];
}

const PREPOSITION: Readonly<Record<string, string>> = { moon: 'on', beach: 'at', farm: 'on', 'sports-field': 'on', home: 'at' };

const labelOf = (list: readonly VocabularyEntry[], id: string | undefined): string | undefined =>
  id ? list.find((e) => e.id === id)?.label : undefined;

const joinList = (items: readonly string[]): string =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/**
 * The sentence the guided builder writes: 'Flying a rocket in outer space with a puppy and stars.' ('' when it names
 * nothing). Ids the vocabulary does not know are left out.
 */
export function sceneSentence(words: SceneWords): string {
  const activity = labelOf(ACTIVITIES, words.activity);
  const location = labelOf(LOCATIONS, words.location);
  const things = [...words.companions.map((id) => labelOf(COMPANIONS, id)), ...words.objects.map((id) => labelOf(OBJECTS, id))].filter(
    (t): t is string => Boolean(t),
  );
  const parts = [
    activity,
    location ? `${PREPOSITION[words.location!] ?? 'in'} ${location}` : undefined,
    things.length ? `with ${joinList(things)}` : undefined,
  ].filter((p): p is string => Boolean(p));
  if (parts.length === 0) return '';
  const sentence = `${parts.join(' ')}.`;
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
