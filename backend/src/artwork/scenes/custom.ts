// Custom scenes. The guided builder composes a sentence from the vocabulary's labels (composeText);
// free-written text is matched back to the same vocabulary (compositionFromText). Matching is greedy,
// longest phrase first, so a label such as 'flying a rocket' is read whole before 'rocket' alone.
// Whatever the text, a page comes out, and the same text always gives the same page: anything the
// text leaves open is inferred from what it does say, else picked by a hash of the text.
import { ACTIVITIES, COMPANIONS, LOCATIONS, OBJECTS, type VocabularyEntry } from '@colouring/domain';
import type { SceneComposition } from './catalogue.js';
import { hashText, seededRandom } from './random.js';

export const MAX_CUSTOM_COMPANIONS = 3;
export const MAX_CUSTOM_OBJECTS = 4;

type Category = 'activity' | 'location' | 'companion' | 'object';

interface Phrase {
  category: Category;
  id: string;
  text: string;
  /** Labels beat loose words of the same length. */
  label: boolean;
}

const PREPOSITION: Readonly<Record<string, string>> = { moon: 'on', beach: 'at', farm: 'on', 'sports-field': 'on', home: 'at' };

const LOCATION_OF: Readonly<Record<string, string>> = {
  dog: 'garden',
  cat: 'home',
  dinosaur: 'prehistoric-valley',
  fish: 'ocean-floor',
  dolphin: 'ocean-floor',
  unicorn: 'enchanted-forest',
  dragon: 'castle',
  lion: 'savanna',
  elephant: 'savanna',
  monkey: 'jungle',
  giraffe: 'savanna',
  cow: 'farm',
  pig: 'farm',
  horse: 'farm',
  bird: 'sky',
  alien: 'space',
  bunny: 'garden',
  teddy: 'home',
  rocket: 'space',
  planet: 'space',
  star: 'space',
  volcano: 'prehistoric-valley',
  'treasure-chest': 'ocean-floor',
  shell: 'beach',
  'bucket-and-spade': 'beach',
  crown: 'castle',
  wand: 'enchanted-forest',
  ball: 'sports-field',
  trophy: 'sports-field',
  car: 'city',
  train: 'city',
  aeroplane: 'sky',
  tractor: 'farm',
  balloon: 'sky',
  flower: 'garden',
  tree: 'garden',
  book: 'home',
  kite: 'sky',
  cake: 'home',
  flying: 'space',
  swimming: 'ocean-floor',
  building: 'beach',
  'playing-football': 'sports-field',
  driving: 'city',
  gardening: 'garden',
  riding: 'farm',
  picnicking: 'garden',
  reading: 'home',
  painting: 'home',
  dancing: 'castle',
};

const ACTIVITY_AT: Readonly<Record<string, string>> = {
  space: 'exploring',
  moon: 'exploring',
  'prehistoric-valley': 'exploring',
  'ocean-floor': 'swimming',
  beach: 'building',
  castle: 'waving',
  'enchanted-forest': 'exploring',
  jungle: 'exploring',
  savanna: 'exploring',
  farm: 'waving',
  'sports-field': 'playing-football',
  city: 'waving',
  sky: 'waving',
  garden: 'playing',
  home: 'playing',
};

/** What a place offers when the text names no companion or object. */
const TYPICAL_OF: Readonly<Record<string, readonly string[]>> = {
  space: ['rocket', 'planet', 'alien'],
  moon: ['planet', 'star', 'alien'],
  'prehistoric-valley': ['dinosaur', 'volcano'],
  'ocean-floor': ['fish', 'dolphin', 'shell'],
  beach: ['shell', 'bucket-and-spade', 'dog'],
  castle: ['crown', 'dragon', 'unicorn'],
  'enchanted-forest': ['unicorn', 'wand', 'bunny'],
  jungle: ['monkey', 'bird'],
  savanna: ['lion', 'elephant', 'giraffe'],
  farm: ['cow', 'pig', 'tractor'],
  'sports-field': ['ball', 'trophy'],
  city: ['car', 'train'],
  sky: ['aeroplane', 'balloon', 'kite'],
  garden: ['flower', 'bunny', 'dog'],
  home: ['teddy', 'cat', 'cake'],
};

const stripArticle = (s: string): string => s.replace(/^(a|an|the|some)\s+/i, '');
const normalise = (s: string): string =>
  ` ${s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9'-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;

let phrases: Phrase[] | undefined;

function vocabularyPhrases(): Phrase[] {
  if (phrases) return phrases;
  const out: Phrase[] = [];
  const add = (category: Category, list: readonly VocabularyEntry[]): void => {
    for (const e of list) {
      const labels = new Set([normalise(e.label).trim(), normalise(stripArticle(e.label)).trim()]);
      for (const text of labels) if (text) out.push({ category, id: e.id, text, label: true });
      for (const w of e.words) out.push({ category, id: e.id, text: normalise(w).trim(), label: false });
    }
  };
  add('activity', ACTIVITIES);
  add('location', LOCATIONS);
  add('companion', COMPANIONS);
  add('object', OBJECTS);
  out.sort((a, b) => b.text.length - a.text.length || Number(b.label) - Number(a.label));
  phrases = out;
  return out;
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Regex for a phrase as whole words, its last word allowed a plural ending. */
function phrasePattern(text: string): RegExp {
  const words = text.split(' ').map(escapeRegExp);
  const last = words.pop()!;
  const plural = last.endsWith('y') ? `(?:${last}|${last.slice(0, -1)}ies)` : `${last}(?:s|es)?`;
  return new RegExp(`(?<=[ ])${[...words, plural].join(' ')}(?=[ ])`, 'g');
}

/** Every vocabulary match in the text, in order of appearance. */
function matches(text: string): { category: Category; id: string; at: number }[] {
  let rest = normalise(text);
  const found: { category: Category; id: string; at: number }[] = [];
  for (const p of vocabularyPhrases()) {
    const re = phrasePattern(p.text);
    rest = rest.replace(re, (m, offset: number) => {
      found.push({ category: p.category, id: p.id, at: offset });
      return ` ${'#'.repeat(Math.max(0, m.length - 2))} `;
    });
  }
  return found.sort((a, b) => a.at - b.at);
}

/** Reads a custom scene's text into a composition of vocabulary ids (always a usable one). */
export function compositionFromText(text: string): SceneComposition {
  const found = matches(text);
  const rnd = seededRandom(hashText(normalise(text)));
  const first = (category: Category): string | undefined => found.find((f) => f.category === category)?.id;
  const all = (category: Category, max: number): string[] =>
    [...new Set(found.filter((f) => f.category === category).map((f) => f.id))].slice(0, max);

  const companions = all('companion', MAX_CUSTOM_COMPANIONS);
  const objects = all('object', MAX_CUSTOM_OBJECTS);
  let activity = first('activity');
  let location = first('location');
  if (!location) {
    const hint = [...companions, ...objects, activity].map((id) => id && LOCATION_OF[id]).find(Boolean);
    location = hint ?? rnd.pick(LOCATIONS).id;
  }
  if (!activity) activity = ACTIVITY_AT[location] ?? 'waving';
  if (!companions.length && !objects.length) {
    const pick = rnd.pick(TYPICAL_OF[location] ?? ['star']);
    if (COMPANIONS.some((c) => c.id === pick)) companions.push(pick);
    else objects.push(pick);
  }
  return { location, activity, companions, objects };
}

const labelOf = (list: readonly VocabularyEntry[], id: string): string => list.find((e) => e.id === id)?.label ?? id;

function joinList(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The sentence the guided builder writes for a composition (compositionFromText reads it back). */
export function composeText(c: SceneComposition): string {
  const activity = labelOf(ACTIVITIES, c.activity);
  const location = labelOf(LOCATIONS, c.location);
  const things = [...c.companions.map((id) => labelOf(COMPANIONS, id)), ...c.objects.map((id) => labelOf(OBJECTS, id))];
  const sentence = `${activity} ${PREPOSITION[c.location] ?? 'in'} ${location}${things.length ? ` with ${joinList(things)}` : ''}.`;
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
