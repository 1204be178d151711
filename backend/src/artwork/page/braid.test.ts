import { CHILD_MARGIN_MM, SCENE_STROKE } from '../scenes/compose.js';
import type { Level } from '../scenes/svg.js';
import { drawHead } from './character.js';
import { fixturePortrait } from './fixture-portrait.js';

type Pt = readonly [number, number];

/** A band from beside the stand-in's jaw (its chin at y 290) down past its left shoulder, `wide` units across. */
function band(wide: number): Pt[] {
  const top: Pt = [110, 250];
  const bottom: Pt = [70, 420];
  return [
    [top[0] - wide / 2, top[1]],
    [top[0] + wide / 2, top[1]],
    [bottom[0] + wide / 2, bottom[1]],
    [bottom[0] - wide / 2, bottom[1]],
  ];
}

/** The stand-in's head on a figure whose head is `headMm` tall (50 mm: about 0.26 mm a portrait unit). */
function head(level: Level, braid?: Pt[], headMm = 50): { back: string; front: string } {
  const portrait = { ...fixturePortrait(), braid: braid?.map((p) => [p[0], p[1]] as [number, number]) };
  const figure = {
    chin: [105, 150] as [number, number],
    head: { x: 105 - headMm / 2, y: 150 - headMm, w: headMm, h: headMm },
    silhouette: '<rect x="60" y="150" width="90" height="80"/>',
  };
  return drawHead({
    portrait,
    art: portrait.levels[level],
    figure,
    level,
    strokeMm: SCENE_STROKE[level],
    marginMm: CHILD_MARGIN_MM,
    id: 'b',
  });
}

describe('a braid in front of a shoulder', () => {
  it('is drawn in front at every level, after the head (over the body, which lies between the head behind and in front)', () => {
    for (const level of [1, 2, 3, 4] as const) {
      const { back, front } = head(level, band(30));
      expect(back).not.toContain('child-braid');
      expect(front.indexOf('class="child-braid"')).toBeGreaterThan(front.indexOf('class="child-head"'));
    }
    expect(head(2).front).not.toContain('child-braid');
  });

  it("is one white region with its outline at level 2, and carries the portrait's traced lines inside it from level 3", () => {
    const braid = (level: Level): string => /<g class="child-braid".*$/.exec(head(level, band(30)).front)![0];
    expect(braid(2)).not.toContain('clip-path');
    expect(braid(2).match(/<path /g)).toHaveLength(2);
    expect(braid(2)).toContain('fill="#fff"');
    // on a 20 mm head, 12 units across leave less paper inside the outline than the level's smallest region: inked
    expect(/<g class="child-braid".*$/.exec(head(2, band(12), 20).front)![0]).toContain('fill="#000"');
    expect(/<g class="child-braid".*$/.exec(head(2, band(30), 20).front)![0]).toContain('fill="#fff"');
    for (const level of [3, 4] as const) {
      expect(braid(level)).toContain('clip-path="url(#braid-b)"');
      expect(braid(level)).toContain('clip-path="url(#photo-b)"');
    }
  });
});
