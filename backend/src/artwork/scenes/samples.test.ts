import {
  HOME_HERO_PAGES,
  HOME_PREVIEW_CHILD_NAME,
  HOME_PREVIEWS,
  PRODUCT_PICTURES,
  samplePicturePath,
  samplePictureSrcSet,
} from '@colouring/domain';
import { findScene } from './index.js';

// The shop's sample pages are drawn at build time (backend/scripts/home-previews.ts, decision 033): what they list
// must be something the engine can draw, or the build stops.
describe("the shop's sample pages", () => {
  it('each shows a catalogue scene, every file once; the hero and the colouring card reuse two of them', () => {
    for (const p of HOME_PREVIEWS) expect({ file: p.file, scene: findScene(p.sceneId)?.id }).toEqual({ file: p.file, scene: p.sceneId });
    const files = HOME_PREVIEWS.map((p) => p.file);
    expect(new Set(files).size).toBe(files.length);
    for (const f of [...HOME_HERO_PAGES, PRODUCT_PICTURES.colouring]) expect(files).toContain(f);
    expect(files).not.toContain(PRODUCT_PICTURES.singlePhoto);
    expect(files).not.toContain(PRODUCT_PICTURES.dotToDot);
  });

  it('describes what each picture shows, with the name on the page', () => {
    for (const p of HOME_PREVIEWS) {
      expect(p.alt.startsWith(`Colouring page with ${HOME_PREVIEW_CHILD_NAME}’s name: the child `)).toBe(true);
      expect(p.alt.length).toBeLessThan(140);
    }
    expect(new Set(HOME_PREVIEWS.map((p) => p.alt)).size).toBe(HOME_PREVIEWS.length);
  });

  it('names each width of a picture apart, the largest by its plain name', () => {
    expect(samplePicturePath('space.webp')).toBe('/previews/space.webp');
    expect(samplePicturePath('space.webp', 300)).toBe('/previews/space-300.webp');
    expect(samplePictureSrcSet('space.webp')).toBe(
      '/previews/space-300.webp 300w, /previews/space-400.webp 400w, /previews/space.webp 600w',
    );
  });
});
