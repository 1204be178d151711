// The custom-scene prompt checker of SPEC §5: scores a parent's description live and says how to improve it.
import { CUSTOM_SCENE_DESCRIPTION_MAX_LENGTH, CUSTOM_SCENE_DESCRIPTION_MIN_LENGTH } from './constants.js';
import { ACTIVITIES, LOCATIONS } from './scene-vocabulary.js';

export type BlockedCategory = 'violent' | 'scary' | 'adult' | 'insulting' | 'sad';

export interface BlockedWord {
  readonly word: string;
  readonly category: BlockedCategory;
  /** A friendly word to use instead, offered as a suggestion. */
  readonly alternative: string;
}

const blocked = (category: BlockedCategory, pairs: readonly [string, string][]): BlockedWord[] =>
  pairs.map(([word, alternative]) => ({ word, category, alternative }));

/** Words a children's colouring page never shows; each also matches with a plural 's'. */
export const BLOCKED_WORDS: readonly BlockedWord[] = [
  ...blocked('violent', [
    ['kill', 'hug'],
    ['murder', 'mystery'],
    ['blood', 'paint'],
    ['gun', 'water pistol'],
    ['shoot', 'splash'],
    ['weapon', 'magic wand'],
    ['knife', 'wooden spoon'],
    ['bomb', 'balloon'],
    ['fight', 'game'],
    ['war', 'parade'],
    ['attack', 'surprise'],
    ['punch', 'high five'],
    ['stab', 'tickle'],
    ['scar', 'smile'],
  ]),
  ...blocked('scary', [
    ['scary', 'silly'],
    ['horror', 'comedy'],
    ['zombie', 'robot'],
    ['demon', 'fairy'],
    ['nightmare', 'sweet dream'],
    ['creepy', 'cute'],
    ['terrifying', 'exciting'],
    ['skull', 'smiley face'],
    ['evil', 'kind'],
  ]),
  ...blocked('adult', [
    ['sexy', 'sparkly'],
    ['naked', 'dressed up'],
    ['beer', 'lemonade'],
    ['wine', 'juice'],
    ['drunk', 'dizzy'],
    ['cigarette', 'lollipop'],
    ['drugs', 'sweets'],
    ['gambling', 'board games'],
  ]),
  ...blocked('insulting', [
    ['stupid', 'clever'],
    ['ugly', 'beautiful'],
    ['idiot', 'friend'],
    ['dumb', 'funny'],
    ['loser', 'champion'],
    ['hate', 'love'],
    ['fat', 'cuddly'],
  ]),
  ...blocked('sad', [
    ['sad', 'happy'],
    ['crying', 'laughing'],
    ['funeral', 'party'],
    ['dead', 'sleepy'],
    ['death', 'birthday'],
    ['dying', 'dancing'],
    ['lonely', 'with friends'],
    ['sick', 'healthy'],
  ]),
];

/** Styles that ask for more detail than a line-art colouring page can hold. */
export const COMPLEX_WORDS = [
  'detailed',
  'realistic',
  'photorealistic',
  'hyperrealistic',
  'lifelike',
  'intricate',
  'complex',
  'complicated',
  'elaborate',
  'shading',
  'shaded',
  'textured',
  '3d',
] as const;

/** Cheerful words that make a better page. */
export const POSITIVE_WORDS = [
  'happy',
  'fun',
  'funny',
  'friendly',
  'smiling',
  'smile',
  'magical',
  'colourful',
  'colorful',
  'playful',
  'cute',
  'sunny',
  'joyful',
  'cheerful',
  'laughing',
  'exciting',
  'kind',
  'brave',
  'silly',
  'beautiful',
  'sparkly',
  'amazing',
  'wonderful',
  'cosy',
  'cozy',
] as const;

export const PROMPT_MESSAGES = {
  empty: 'Content cannot be empty',
  tooShort: 'Description is too short',
  tooLong: 'Description is too long',
  complex: 'Very detailed or realistic styles are hard to colour in',
  noActivity: 'Say what your child is doing',
  noPlace: 'Say where the scene takes place',
} as const;

const SCORE_START = 100;
const BLOCKED_PENALTY = 15;
const BLOCKED_PENALTY_CAP = 50;
const TOO_SHORT_PENALTY = 20;
const TOO_LONG_PENALTY = 10;
const COMPLEX_PENALTY = 15;
const POSITIVE_BONUS = 3;
const POSITIVE_BONUS_CAP = 20;
const MISSING_ACTIVITY_PENALTY = 10;
const MISSING_PLACE_PENALTY = 10;
const GREEN_FROM = 80;
const YELLOW_FROM = 60;

export type PromptColour = 'green' | 'yellow' | 'red';

export interface PromptCheck {
  /** 0 to 100. */
  readonly score: number;
  readonly colour: PromptColour;
  /** No blocked words and 10 to 300 characters. */
  readonly valid: boolean;
  /** The blocked words found, for a server that must refuse them. */
  readonly blockedWords: readonly string[];
  readonly issues: readonly string[];
  readonly suggestions: readonly string[];
  readonly tips: readonly string[];
}

// Text and words reduced to space-separated lower-case tokens, so matching is whole-word ('scarf' is not 'scar').
function tokens(text: string): string {
  return ` ${text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(' ')} `;
}

function mentions(haystack: string, word: string): boolean {
  const needle = tokens(word).trim();
  return haystack.includes(` ${needle} `) || haystack.includes(` ${needle}s `);
}

function colourFor(score: number): PromptColour {
  if (score >= GREEN_FROM) return 'green';
  return score >= YELLOW_FROM ? 'yellow' : 'red';
}

const examples = (entries: readonly { label: string }[]) =>
  entries
    .slice(0, 3)
    .map((e) => `"${e.label}"`)
    .join(', ');

export function checkPrompt(text: string): PromptCheck {
  const description = text.trim();
  if (description === '') {
    return { score: 0, colour: 'red', valid: false, blockedWords: [], issues: [PROMPT_MESSAGES.empty], suggestions: [], tips: [] };
  }
  const haystack = tokens(description);
  const issues: string[] = [];
  const suggestions: string[] = [];
  const tips: string[] = [];
  let score = SCORE_START;

  const found = BLOCKED_WORDS.filter((b) => mentions(haystack, b.word));
  score -= Math.min(found.length * BLOCKED_PENALTY, BLOCKED_PENALTY_CAP);
  for (const b of found) {
    issues.push(`"${b.word}" isn't suitable for a children's colouring page`);
    suggestions.push(`Try "${b.alternative}" instead of "${b.word}"`);
  }

  const tooShort = description.length < CUSTOM_SCENE_DESCRIPTION_MIN_LENGTH;
  const tooLong = description.length > CUSTOM_SCENE_DESCRIPTION_MAX_LENGTH;
  if (tooShort) {
    score -= TOO_SHORT_PENALTY;
    issues.push(PROMPT_MESSAGES.tooShort);
  }
  if (tooLong) {
    score -= TOO_LONG_PENALTY;
    issues.push(PROMPT_MESSAGES.tooLong);
  }

  const complex = COMPLEX_WORDS.filter((w) => mentions(haystack, w));
  if (complex.length > 0) {
    score -= COMPLEX_PENALTY;
    issues.push(PROMPT_MESSAGES.complex);
    suggestions.push(...complex.map((w) => `Leave out "${w}": the pages are always bold, simple line art`));
  }

  const positives = POSITIVE_WORDS.filter((w) => mentions(haystack, w)).length;
  score += Math.min(positives * POSITIVE_BONUS, POSITIVE_BONUS_CAP);
  if (positives === 0) tips.push('Add a cheerful word like "happy", "friendly" or "magical"');

  if (!ACTIVITIES.some((a) => a.words.some((w) => mentions(haystack, w)))) {
    score -= MISSING_ACTIVITY_PENALTY;
    issues.push(PROMPT_MESSAGES.noActivity);
    tips.push(`Add an activity, for example ${examples(ACTIVITIES)}`);
  }
  if (!LOCATIONS.some((l) => l.words.some((w) => mentions(haystack, w)))) {
    score -= MISSING_PLACE_PENALTY;
    issues.push(PROMPT_MESSAGES.noPlace);
    tips.push(`Add a place, for example ${examples(LOCATIONS)}`);
  }

  const clamped = Math.max(0, Math.min(100, score));
  return {
    score: clamped,
    colour: colourFor(clamped),
    valid: found.length === 0 && !tooShort && !tooLong,
    blockedWords: found.map((b) => b.word),
    issues,
    suggestions,
    tips,
  };
}
