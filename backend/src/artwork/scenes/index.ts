// The scene library's public face: the catalogue, the composer, custom scenes, picker thumbnails.
import { ACTIVITIES, COMPANIONS, LOCATIONS, OBJECTS } from '@colouring/domain';
import { BACKGROUNDS } from './backgrounds.js';
import { ALL_SCENES, CATALOGUE, type CatalogueBundle, type CatalogueScene, type SceneComposition } from './catalogue.js';
import { composeScene, SCENE_AREA, SCENE_STROKE } from './compose.js';
import { ACTIVITY_ART, COMPANION_ART, OBJECT_ART, artExists } from './library.js';
import { hashText } from './random.js';
import { n, type Level } from './svg.js';

export { ALL_SCENES, CATALOGUE, type CatalogueBundle, type CatalogueScene, type SceneComposition };
export { composeScene, SCENE_AREA, type ComposedScene, type SceneInput } from './compose.js';
export { compositionFromText, composeText } from './custom.js';
export type { Level } from './svg.js';

export function findScene(sceneId: string): (CatalogueScene & { bundleId: string }) | undefined {
  return ALL_SCENES.find((s) => s.id === sceneId);
}

// Where the child will be: a dashed head-and-shoulders outline, in a 100 x 110 frame.
const CHILD_PLACEHOLDER =
  'M50 4C22 4 14 26 16 44C18 62 30 72 38 74L36 80C18 84 6 92 4 110L96 110C94 92 82 84 64 80L62 74C70 72 82 62 84 44C86 26 78 4 50 4Z';

/** A scene without a portrait (the child's place dashed), for the scene picker's thumbnails. */
export function compositionThumbnailSvg(composition: SceneComposition, level: Level, seed?: string): string {
  const scene = composeScene({ composition, level, portrait: { aspect: 100 / 110 }, seed });
  const a = SCENE_AREA;
  const p = scene.portraitBox;
  // Unique per thumbnail: a picker page inlines many of them.
  const clip = `thumb-${hashText(JSON.stringify([composition, level, seed ?? ''])).toString(36)}`;
  const s = p.w / 100;
  const placeholder = `<path transform="matrix(${s.toFixed(4)} 0 0 ${s.toFixed(4)} ${n(p.x)} ${n(p.y)})" d="${CHILD_PLACEHOLDER}" fill="#fff" stroke="#000" stroke-width="${n(1 / s)}" stroke-dasharray="${n(4 / s)} ${n(3 / s)}"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${a.x - 1} ${a.y - 1} ${a.w + 2} ${a.h + 2}">` +
    `<defs><clipPath id="${clip}"><rect x="${a.x}" y="${a.y}" width="${a.w}" height="${a.h}" rx="6"/></clipPath></defs>` +
    `<rect x="${a.x - 1}" y="${a.y - 1}" width="${a.w + 2}" height="${a.h + 2}" fill="#fff"/>` +
    `<g clip-path="url(#${clip})">${scene.back}${placeholder}${scene.front}</g>` +
    `<rect x="${a.x}" y="${a.y}" width="${a.w}" height="${a.h}" rx="6" fill="none" stroke="#000" stroke-width="${SCENE_STROKE[level] + 0.2}"/>` +
    `</svg>`
  );
}

/** The thumbnail of a catalogue scene. Throws for an unknown id. */
export function sceneThumbnailSvg(sceneId: string, level: Level): string {
  const scene = findScene(sceneId);
  if (!scene) throw new Error(`unknown scene ${sceneId}`);
  return compositionThumbnailSvg(scene.composition, level);
}

/** Vocabulary ids the library cannot draw (kept empty by the tests). */
export function missingArt(): string[] {
  const missing: string[] = [];
  for (const e of COMPANIONS) if (!COMPANION_ART[e.id] || !artExists(COMPANION_ART[e.id]!.art)) missing.push(`companion:${e.id}`);
  for (const e of OBJECTS) if (!OBJECT_ART[e.id] || !artExists(OBJECT_ART[e.id]!.art)) missing.push(`object:${e.id}`);
  for (const e of ACTIVITIES) {
    const a = ACTIVITY_ART[e.id];
    if (!a || [a.frame, ...a.props].some((r) => r && !artExists(r))) missing.push(`activity:${e.id}`);
  }
  for (const e of LOCATIONS) if (!BACKGROUNDS[e.id]) missing.push(`location:${e.id}`);
  return missing;
}
