import { fixturePortrait } from '../../artwork/page/fixture-portrait.js';
import { ARTWORK_PAGE_COMPOSER, bookPages, type PageComposer } from './book.js';

/** The engine, with the covers it is asked for written down. */
function recordingComposer(): { composer: PageComposer; headings: string[] } {
  const headings: string[] = [];
  const composer: PageComposer = {
    ...ARTWORK_PAGE_COMPOSER,
    composeCoverPage: (input) => {
      headings.push(input.heading);
      return ARTWORK_PAGE_COMPOSER.composeCoverPage(input);
    },
  };
  return { composer, headings };
}

describe('bookPages', () => {
  const portrait = fixturePortrait();

  it("names each book on its cover: a colouring book, or a dot-to-dot book (never the other's name)", () => {
    const scenes = recordingComposer();
    const scenePages = bookPages(
      { kind: 'scenes', childName: 'Lily', level: 2, portrait, scenes: [], shopUrl: 'https://shop.example/' },
      scenes.composer,
    );
    scenePages[0]!();
    expect(scenes.headings).toEqual(['My colouring book']);

    const dots = recordingComposer();
    const dotPages = bookPages(
      { kind: 'dot_to_dot', childName: 'Lily', portrait, levels: [1], shopUrl: 'https://shop.example/' },
      dots.composer,
    );
    expect(dotPages).toHaveLength(4);
    dotPages[0]!();
    expect(dots.headings).toEqual(['My dot-to-dot book']);
  });
});
