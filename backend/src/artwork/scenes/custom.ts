// Custom scenes. Free-written text, or the sentence the guided builder composes (the domain's sceneSentence), is
// matched to the vocabulary by the domain's vocabularyMatches, the copy the builder in the browser uses too.
// Whatever the text, a page comes out, and the same text always gives the same page: anything the
// text leaves open is inferred from what it does say, else picked by a hash of the text.
import { COMPANIONS, LOCATIONS, normaliseSceneText, vocabularyMatches, type VocabularyKind } from '@colouring/domain';
import type { SceneComposition } from './catalogue.js';
import { hashText, seededRandom } from './random.js';

export const MAX_CUSTOM_COMPANIONS = 3;
export const MAX_CUSTOM_OBJECTS = 4;

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

/** Reads a custom scene's text into a composition of vocabulary ids (always a usable one). */
export function compositionFromText(text: string): SceneComposition {
  const found = vocabularyMatches(text);
  const rnd = seededRandom(hashText(normaliseSceneText(text)));
  const first = (kind: VocabularyKind): string | undefined => found.find((f) => f.kind === kind)?.id;
  const all = (kind: VocabularyKind, max: number): string[] =>
    [...new Set(found.filter((f) => f.kind === kind).map((f) => f.id))].slice(0, max);

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
