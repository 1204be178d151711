import { normaliseSceneText, sceneSentence, vocabularyMatches } from './scene-text.js';

describe('sceneSentence (the guided builder writes it)', () => {
  it("writes a sentence a parent can read, with the place's own preposition", () => {
    expect(sceneSentence({ location: 'moon', activity: 'exploring', companions: ['alien'], objects: ['planet', 'star'] })).toBe(
      'Exploring on the Moon with a friendly alien, planets and stars.',
    );
    expect(sceneSentence({ activity: 'flying', location: 'space', companions: ['dog'], objects: ['star'] })).toMatch(
      /^Flying a rocket in .+ with .+ and .+\.$/,
    );
  });

  it('leaves out what is not chosen, and is empty when nothing is', () => {
    expect(sceneSentence({ location: 'beach', companions: [], objects: [] })).toMatch(/^At /);
    expect(sceneSentence({ companions: ['cat'], objects: [] })).toMatch(/^With /);
    expect(sceneSentence({ activity: 'swimming', companions: [], objects: [] })).toBe('Swimming.');
    expect(sceneSentence({ companions: [], objects: [] })).toBe('');
    expect(sceneSentence({ activity: 'not-a-word', location: 'nowhere', companions: ['x'], objects: [] })).toBe('');
  });
});

describe('vocabularyMatches (free-written text read back)', () => {
  it('reads the longest phrase first, so a label is read whole', () => {
    const found = vocabularyMatches('Flying a rocket in outer space');
    expect(found.filter((f) => f.kind === 'activity').map((f) => f.id)).toEqual(['flying']);
    expect(found.find((f) => f.kind === 'location')?.id).toBe('space');
  });

  it('gives matches in the order the text names them, plurals and accents included', () => {
    const found = vocabularyMatches('Two PUPPIES, three kites and a dinosaur — at the plage? No: the beach!');
    const ids = found.map((f) => f.id);
    expect(ids.indexOf('dog')).toBeLessThan(ids.indexOf('kite'));
    expect(ids.indexOf('kite')).toBeLessThan(ids.indexOf('dinosaur'));
    expect(found.at(-1)).toMatchObject({ kind: 'location', id: 'beach' });
    expect(vocabularyMatches('Café in the jungle').map((f) => f.id)).toContain('jungle');
  });

  it('matches whole words only', () => {
    expect(vocabularyMatches('a catalogue of starfish').map((f) => f.id)).not.toContain('cat');
  });

  it('reads back every sentence the builder writes', () => {
    const words = { activity: 'riding', location: 'farm', companions: ['horse', 'dog'], objects: ['tractor'] };
    const found = vocabularyMatches(sceneSentence(words));
    expect(found.map((f) => [f.kind, f.id])).toEqual([
      ['activity', 'riding'],
      ['location', 'farm'],
      ['companion', 'horse'],
      ['companion', 'dog'],
      ['object', 'tractor'],
    ]);
  });

  it('normalises to single spaced lower case with a space at each end', () => {
    expect(normaliseSceneText('  Éclair,  DRAGON!! ')).toBe(' eclair dragon ');
  });
});
