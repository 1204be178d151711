// Portrait engine: photo → line art at four levels (cartoon at 1-2, FDoG line drawing at 3-4).

import { analyse, PortraitRefusal, steadyFaces, type Analysis, type RefusalCode, type Working } from './analyse.js';
import { cartoonLevel, halfSize } from './cartoon.js';
import { faceGeometry, type Face } from './features.js';
import { fringeEdge } from './fringe.js';
import { headOutline } from './head.js';
import { stageClock } from './raster.js';
import { LevelWorker } from './level-worker.js';
import { LINE_ART, lineArtLevel, lineArtResponse } from './lineart.js';
import { FaceModels, type DetectedFace } from './models.js';
import { outerContour } from './shapes.js';
import { polyPath, type Pt } from './trace.js';

export type Level = 1 | 2 | 3 | 4;
export const LEVELS: readonly Level[] = [1, 2, 3, 4];

export interface Portrait {
  /** viewBox size of every SVG below (working units) */
  readonly width: number;
  readonly height: number;
  /** SVG path `d` of the child's outline (closed), same viewBox */
  readonly silhouettePath: string;
  /** for each level a complete standalone SVG, black on transparent */
  readonly levels: Readonly<Record<Level, string>>;
  /** the width the stroke widths were designed for, mm */
  readonly printWidthMm: number;
  /** for dot-to-dot: eyes = the two eye centres (image-left first), mouth = the line where the lips meet
   * (corner to corner), faceOutline = the face oval (closed, clockwise from the forehead top) */
  readonly features: {
    readonly eyes: readonly [x: number, y: number][];
    readonly mouth: readonly [number, number][];
    readonly faceOutline: readonly [number, number][];
  };
  /** extension: the silhouette as points (closed, clockwise in screen coordinates not guaranteed) */
  readonly silhouette: readonly [number, number][];
  /** extension: the eye outlines (closed), image-left eye first */
  readonly eyeOutlines: readonly (readonly [number, number][])[];
  /** The head as a cartoon shape (closed): face and hair, long hair on below the chin. Portraits stored before it have none. */
  readonly head?: readonly [number, number][];
  /** A braid (or a lock) hanging in front of a shoulder (closed), drawn in front of the body; most portraits have none. */
  readonly braid?: readonly [number, number][];
}

export { PortraitRefusal, type RefusalCode };
export { analyse } from './analyse.js';
export { FaceModels, type DetectedFace } from './models.js';

export interface PortraitEngine {
  render(photo: Buffer): Promise<Portrait>;
  /** The faces in a decoded photo (any number, each once, confirmed in its mirror image), for the single-photo art. */
  faces(work: Working): Promise<DetectedFace[]>;
  close(): Promise<void>;
}

export const PRINT_WIDTH_MM = 120;

/** Stroke width of each level at print size, mm. */
export const STROKE_MM: Readonly<Record<Level, number>> = { 1: 1.5, 2: 1.0, 3: 0.6, 4: 0.3 };

const round1 = (v: number): number => Math.round(v * 10) / 10;
const r1 = (p: Pt): [number, number] => [round1(p[0]), round1(p[1])];

export function svgDocument(w: number, h: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}">${body}</svg>`;
}

/** Milliseconds spent in each stage of one portrait (filled in when a record is passed). */
export type StageTimings = Record<string, number>;

/**
 * Build the portrait from an analysed photo (pure CPU work, no models). With a `LevelWorker`, levels 4 and 3 are
 * drawn on a second thread while this one draws levels 1 and 2; without, all four are drawn here, one by one.
 */
export async function buildPortrait(a: Analysis, timings?: StageTimings, levelWorker?: LevelWorker): Promise<Portrait> {
  const lap = stageClock(timings);
  const face: Face = faceGeometry(a.mesh);
  const unitsPerMm = a.w / PRINT_WIDTH_MM;
  const outline = outerContour(a.person, 2.5, 0.35);
  lap('outline');
  // the head's shape: levels 3-4 draw faint hair inside it, levels 1-2 draw it
  const { outline: head, braid } = headOutline(a, face);
  // a fringe lower than the oval's top: levels 1-3 draw the face's top along its edge
  const fringe = fringeEdge(a, face);
  lap('head');
  const offload = (level: 3 | 4, response?: Float32Array): Promise<string> | undefined => {
    const drawing = levelWorker?.draw({
      input: { rgb: a.rgb, w: a.w, h: a.h, person: a.person, frame: a.frame },
      mesh: a.mesh,
      outline,
      level,
      unitsPerMm,
      response,
      head,
      fringe,
    });
    // should this thread fail first, the drawing on the other one must not become an unhandled rejection
    drawing?.catch(() => undefined);
    return drawing;
  };
  const level4 = offload(4);
  // the coarse FDoG response serves level 3 and the hair/clothing lines of level 2
  const response3 = lineArtResponse(a, LINE_ART[3]);
  const level3 = offload(3, response3);
  lap('fdogCoarse');
  const levels = {} as Record<Level, string>;
  const half = halfSize(a, response3);
  const halfFace = faceGeometry(half.a.mesh);
  const halved = (pts: readonly Pt[]): Pt[] => pts.map((p) => [(p[0] + 0.5) / 2 - 0.5, (p[1] + 0.5) / 2 - 0.5] as Pt);
  const input = {
    a: half.a,
    face: halfFace,
    head: halved(head),
    fringe: fringe && halved(fringe),
    unitsPerMm: unitsPerMm / 2,
    fdog: half.fdog,
    outScale: 2,
  };
  levels[1] = svgDocument(a.w, a.h, cartoonLevel(input, 1));
  lap('level1');
  levels[2] = svgDocument(a.w, a.h, cartoonLevel(input, 2));
  lap('level2');
  if (level3 && level4) {
    levels[3] = svgDocument(a.w, a.h, await level3);
    levels[4] = svgDocument(a.w, a.h, await level4);
    lap('levels3and4Wait');
  } else {
    const l4 = lineArtLevel(a, face, outline, 4, unitsPerMm, undefined, { head, fringe });
    lap('level4');
    levels[3] = svgDocument(a.w, a.h, lineArtLevel(a, face, outline, 3, unitsPerMm, response3, { head, fringe, faint: l4.faint }).body);
    levels[4] = svgDocument(a.w, a.h, l4.body);
    lap('level3');
  }
  return {
    width: a.w,
    height: a.h,
    silhouettePath: polyPath([outline], true),
    levels,
    printWidthMm: PRINT_WIDTH_MM,
    features: {
      eyes: face.eyes.map((e) => r1(e.centre)),
      mouth: face.lipsInnerUpper.map((q, k) => r1([(q[0] + face.lipsInnerLower[k][0]) / 2, (q[1] + face.lipsInnerLower[k][1]) / 2])),
      faceOutline: face.oval.map(r1),
    },
    silhouette: outline.map(r1),
    eyeOutlines: face.eyes.map((e) => e.outline.map(r1)),
    head: head.map(r1),
    ...(braid ? { braid: braid.map(r1) } : {}),
  };
}

class Engine implements PortraitEngine {
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  private readonly levelWorker = new LevelWorker();
  constructor(private readonly models: FaceModels) {}

  render(photo: Buffer): Promise<Portrait> {
    return this.queued(async () => buildPortrait(await analyse(this.models, photo), undefined, this.levelWorker));
  }

  faces(work: Working): Promise<DetectedFace[]> {
    return this.queued(() => steadyFaces(this.models, work));
  }

  private queued<T>(run: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new Error('portrait engine is closed'));
    // one job at a time: the models are not re-entrant and the memory stays bounded
    const job = this.queue.then(run);
    this.queue = job.catch(() => undefined);
    return job;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.queue;
    await this.levelWorker.close();
  }
}

/** Loads the models once (about 0.3 s); reuse the engine across jobs. */
export async function createPortraitEngine(options?: { modelsDir?: string }): Promise<PortraitEngine> {
  const models = await FaceModels.load(options?.modelsDir);
  return new Engine(models);
}
