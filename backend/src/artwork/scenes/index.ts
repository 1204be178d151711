// The scene library's public face: the catalogue, the composer, custom scenes, picker thumbnails.
import { ACTIVITIES, COMPANIONS, LOCATIONS, OBJECTS } from '@colouring/domain';
import { BACKGROUNDS } from './backgrounds.js';
import { ALL_SCENES, CATALOGUE, type CatalogueBundle, type CatalogueScene, type SceneComposition } from './catalogue.js';
import { composeScene, drawRing, SCENE_AREA, SCENE_STROKE } from './compose.js';
import { ACTIVITY_ART, COMPANION_ART, OBJECT_ART, artExists } from './library.js';
import { hashText } from './random.js';
import { n, type Level } from './svg.js';

export { ALL_SCENES, CATALOGUE, type CatalogueBundle, type CatalogueScene, type SceneComposition };
export { composeScene, SCENE_AREA, type ComposedScene, type SceneInput } from './compose.js';
export { compositionFromText } from './custom.js';
export type { Level } from './svg.js';

export function findScene(sceneId: string): (CatalogueScene & { bundleId: string }) | undefined {
  return ALL_SCENES.find((s) => s.id === sceneId);
}

/** A scene with the drawn child but no photo (a dashed oval where the head goes), for the scene picker's thumbnails. */
export function compositionThumbnailSvg(composition: SceneComposition, level: Level, seed?: string): string {
  const scene = composeScene({ composition, level, seed });
  const a = SCENE_AREA;
  // Unique per thumbnail: a picker page inlines many of them.
  const clip = `thumb-${hashText(JSON.stringify([composition, level, seed ?? ''])).toString(36)}`;
  const h = scene.figure.head;
  const sw = SCENE_STROKE[level];
  const placeholder = `<ellipse cx="${n(h.x + h.w / 2)}" cy="${n(h.y + h.h / 2)}" rx="${n(h.w / 2)}" ry="${n(h.h / 2)}" fill="#fff" stroke="#000" stroke-width="${n(sw)}" stroke-dasharray="${n(sw * 3)} ${n(sw * 2)}"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${a.x - 1} ${a.y - 1} ${a.w + 2} ${a.h + 2}">` +
    `<defs><clipPath id="${clip}"><rect x="${a.x}" y="${a.y}" width="${a.w}" height="${a.h}" rx="6"/></clipPath></defs>` +
    `<rect x="${a.x - 1}" y="${a.y - 1}" width="${a.w + 2}" height="${a.h + 2}" fill="#fff"/>` +
    `<g clip-path="url(#${clip})">${scene.back}${scene.middle}${scene.knockout}${drawRing(scene, clip)}${scene.figure.parts}${placeholder}${scene.frame}${scene.figure.hands}${scene.front}</g>` +
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
