// The photo's head as the scene composer needs it: its shape for its height, and where the eyes are (for what the child
// wears over them: Coral Reef's diving mask, docs/decisions/040).
import type { HeadLandmarks } from '../scenes/snorkel.js';
import { headShape } from './character.js';

type HeadSource = Parameters<typeof headShape>[0];

/** The head's width for its height, its eyes and its outline, in head heights from the chin. */
export function sceneHead(portrait: HeadSource): { aspect: number; landmarks?: HeadLandmarks } {
  const shape = headShape(portrait);
  const aspect = shape.w / shape.h;
  const [e0, e1] = portrait.features.eyes;
  if (!e0 || !e1) return { aspect };
  const at = (p: readonly [number, number]): [number, number] => [(p[0] - shape.chin[0]) / shape.h, (p[1] - shape.chin[1]) / shape.h];
  return { aspect, landmarks: { eyes: [at(e0), at(e1)], outline: shape.outline.map(at) } };
}
