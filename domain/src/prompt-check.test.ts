import { BLOCKED_WORDS, checkPrompt } from './prompt-check.js';
import { ACTIVITIES, LOCATIONS } from './scene-vocabulary.js';

// 294 characters of a good scene, padded with '!' to the lengths under test.
const LONG_SCENE = `Lily swimming in the sea${' with fish'.repeat(27)}`;

describe('checkPrompt', () => {
  it('scores a simple scene with an activity and a place 100, green and valid', () => {
    expect(checkPrompt('Lily flying a rocket in outer space')).toMatchObject({
      score: 100,
      colour: 'green',
      valid: true,
      blockedWords: [],
      issues: [],
      suggestions: [],
    });
  });

  it('refuses empty or blank text with "Content cannot be empty"', () => {
    const empty = {
      score: 0,
      colour: 'red',
      valid: false,
      blockedWords: [],
      issues: ['Content cannot be empty'],
      suggestions: [],
      tips: [],
    };
    expect(checkPrompt('')).toEqual(empty);
    expect(checkPrompt('   \n')).toEqual(empty);
  });

  it('takes 15 for a blocked word, makes the text invalid and suggests the friendly alternative', () => {
    const result = checkPrompt('Lily with a gun on the beach');
    expect(result).toMatchObject({ score: 75, colour: 'yellow', valid: false, blockedWords: ['gun'] });
    expect(result.issues).toContain(`"gun" isn't suitable for a children's colouring page`);
    expect(result.suggestions).toEqual(['Try "water pistol" instead of "gun"']);
  });

  it('caps the blocked-word penalty at 50 however many there are', () => {
    const result = checkPrompt('kill blood gun bomb war zombie');
    expect(result.blockedWords).toHaveLength(6);
    expect(result.score).toBe(30);
    expect(result.colour).toBe('red');
  });

  it('matches whole words only, so a scarf is not a scar', () => {
    expect(checkPrompt('Lily in a scarf flying a kite in the park')).toMatchObject({ valid: true, blockedWords: [] });
    expect(checkPrompt('Lily with a scar flying a kite in the park').blockedWords).toEqual(['scar']);
  });

  it('matches blocked words whatever their case and in the plural', () => {
    expect(checkPrompt('Lily with a GUN at the beach').blockedWords).toEqual(['gun']);
    expect(checkPrompt('Zombies dancing at the beach').blockedWords).toEqual(['zombie']);
  });

  it('takes 20 for under 10 characters with "Description is too short": green yet invalid', () => {
    expect(checkPrompt('Swim sea')).toMatchObject({ score: 80, colour: 'green', valid: false, issues: ['Description is too short'] });
  });

  it('takes 10 for over 300 characters with "Description is too long" and makes the text invalid', () => {
    const text = `${LONG_SCENE}${'!'.repeat(7)}`;
    expect(text).toHaveLength(301);
    expect(checkPrompt(text)).toMatchObject({ score: 90, valid: false, issues: ['Description is too long'] });
  });

  it('accepts exactly 10 and exactly 300 characters', () => {
    expect(checkPrompt('swim · sea').valid).toBe(true);
    const text = `${LONG_SCENE}${'!'.repeat(6)}`;
    expect(text).toHaveLength(300);
    expect(checkPrompt(text)).toMatchObject({ valid: true, issues: [] });
  });

  it('takes 15 for complex styles once, and suggests leaving each out', () => {
    const result = checkPrompt('A detailed, realistic Lily dancing in the garden');
    expect(result.score).toBe(85);
    expect(result.valid).toBe(true);
    expect(result.issues).toEqual(['Very detailed or realistic styles are hard to colour in']);
    expect(result.suggestions).toEqual([
      'Leave out "detailed": the pages are always bold, simple line art',
      'Leave out "realistic": the pages are always bold, simple line art',
    ]);
  });

  it('adds 3 per cheerful word', () => {
    expect(checkPrompt('Happy friendly Lily dancing').score).toBe(96);
  });

  it('caps the cheerful bonus at 20', () => {
    expect(checkPrompt('happy fun funny friendly cute sunny joyful kind detailed').score).toBe(85);
  });

  it('never scores above 100', () => {
    expect(checkPrompt('A happy, friendly, magical Lily flying a rocket in space').score).toBe(100);
  });

  it('takes 10 each for no activity and no place, with a tip naming examples from the vocabulary', () => {
    const result = checkPrompt('Lily and her teddy');
    expect(result.score).toBe(80);
    expect(result.issues).toEqual(['Say what your child is doing', 'Say where the scene takes place']);
    expect(result.tips.join(' ')).toContain(ACTIVITIES[0].label);
    expect(result.tips.join(' ')).toContain(LOCATIONS[0].label);
  });

  it('finds activities and places written as phrases', () => {
    expect(checkPrompt('Lily scoring a goal at the sports field').issues).toEqual([]);
  });

  it('colours 60 yellow and anything lower red', () => {
    expect(checkPrompt('A detailed gun on the beach')).toMatchObject({ score: 60, colour: 'yellow' });
    expect(checkPrompt('A detailed gun')).toMatchObject({ score: 50, colour: 'red' });
  });

  it('suggests a cheerful word only when there is none', () => {
    expect(checkPrompt('Lily flying a rocket in space').tips).toEqual(['Add a cheerful word like "happy", "friendly" or "magical"']);
    expect(checkPrompt('Happy Lily flying a rocket in space').tips).toEqual([]);
  });
});

describe('BLOCKED_WORDS', () => {
  it('holds at least 25 words across all five kinds', () => {
    expect(BLOCKED_WORDS.length).toBeGreaterThanOrEqual(25);
    expect(new Set(BLOCKED_WORDS.map((b) => b.category))).toEqual(new Set(['violent', 'scary', 'adult', 'insulting', 'sad']));
  });

  it('offers alternatives that pass the checker themselves', () => {
    for (const { alternative } of BLOCKED_WORDS) {
      expect(checkPrompt(`Lily flying in space, ${alternative}`).blockedWords).toEqual([]);
    }
  });

  it('blocks every listed word on its own', () => {
    for (const { word } of BLOCKED_WORDS) {
      expect(checkPrompt(`Lily flying in space with ${word}`).blockedWords).toContain(word);
    }
  });
});
