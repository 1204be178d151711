// Face detection + 478-point mesh + iris, and the MediaPipe 'selfie' person segmentation, through
// @vladmandic/human (MIT) on the pure WebAssembly TensorFlow.js backend. Models load from files only:
// the face models ship inside the human package, the selfie model in backend/assets/models.

import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface DetectedFace {
  readonly score: number;
  readonly box: readonly [x: number, y: number, w: number, h: number];
  /** 478 points (468 mesh + 10 iris) in input pixels */
  readonly mesh: readonly (readonly [number, number])[];
  readonly yaw: number;
  readonly pitch: number;
  readonly roll: number;
}

// The tiny part of human's API used here.
interface TfTensor {
  readonly shape: number[];
  data(): Promise<ArrayLike<number>>;
}
interface HumanTf {
  tensor(values: Int32Array, shape: number[], dtype: 'int32'): TfTensor;
  dispose(t: TfTensor | TfTensor[] | null): void;
  getBackend(): string;
}
interface HumanFaceResult {
  score: number;
  boxScore: number;
  box: [number, number, number, number];
  mesh: [number, number, number][];
  rotation?: { angle: { roll: number; yaw: number; pitch: number } } | null;
}
interface HumanInstance {
  tf: HumanTf;
  load(): Promise<void>;
  detect(input: TfTensor): Promise<{ face: HumanFaceResult[]; error?: string | null }>;
  segmentation(input: TfTensor): Promise<TfTensor | null>;
}
interface HumanModule {
  Human: new (config: Record<string, unknown>) => HumanInstance;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** Walk up from this module to find a file under some node_modules. */
function findUp(rel: string): string {
  let dir = here;
  for (;;) {
    const candidate = path.join(dir, 'node_modules', rel);
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`cannot find node_modules/${rel}`);
    dir = parent;
  }
}

/** Default folder of the selfie model: backend/assets/models (from src/… or dist/…). */
export function defaultModelsDir(): string {
  let dir = here;
  for (;;) {
    const candidate = path.join(dir, 'assets', 'models');
    if (existsSync(path.join(candidate, 'selfie.json'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('cannot find assets/models/selfie.json');
    dir = parent;
  }
}

const SHIM = Symbol.for('colouring.portrait.fileFetch');

/** human loads models with fetch(); Node's fetch has no file: support, so answer file: URLs from disk. */
function installFileFetch(): void {
  const g = globalThis as unknown as Record<symbol, unknown> & { fetch: typeof fetch };
  if (g[SHIM]) return;
  const original = g.fetch;
  const wrapped = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith('file:')) {
      try {
        const bytes = await readFile(fileURLToPath(url));
        const type = url.endsWith('.json') ? 'application/json' : 'application/octet-stream';
        return new Response(bytes, { status: 200, headers: { 'content-type': type } });
      } catch {
        return new Response(null, { status: 404, statusText: 'Not Found' });
      }
    }
    return original(input, init);
  };
  g.fetch = wrapped as typeof fetch;
  g[SHIM] = true;
}

export class FaceModels {
  private constructor(private readonly human: HumanInstance) {}

  static async load(modelsDir?: string): Promise<FaceModels> {
    installFileFetch();
    const humanFile = findUp('@vladmandic/human/dist/human.node-wasm.js');
    const faceModels = path.join(path.dirname(humanFile), '..', 'models');
    const wasmDir = path.dirname(findUp('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));
    const selfie = path.join(modelsDir ?? defaultModelsDir(), 'selfie.json');
    if (!existsSync(selfie)) throw new Error(`segmentation model missing: ${selfie}`);
    // The package's `exports` map is malformed, so load the node-wasm bundle by path.
    const require = createRequire(import.meta.url);
    const mod = require(humanFile) as HumanModule;
    const human = new mod.Human({
      backend: 'wasm',
      wasmPath: wasmDir + path.sep,
      wasmPlatformFetch: false,
      modelBasePath: pathToFileURL(faceModels + path.sep).href,
      debug: false,
      warmup: 'none',
      cacheSensitivity: 0,
      skipAllowed: false,
      cacheModels: false,
      validateModels: false,
      filter: { enabled: false },
      gesture: { enabled: false },
      body: { enabled: false },
      hand: { enabled: false },
      object: { enabled: false },
      face: {
        enabled: true,
        // iouThreshold: boxes overlapping more than this are one face to the detector; at 0.1 a child's face cheek to
        // cheek with another's (a hug) was swallowed by it, so the photo passed as one face. Duplicates of one face
        // that a looser threshold lets through are merged by chooseFace (analyse.ts) from the landmarks.
        detector: { rotation: true, maxDetected: 6, minConfidence: 0.2, skipFrames: 0, skipTime: 0, iouThreshold: 0.3, return: false },
        mesh: { enabled: true },
        iris: { enabled: true },
        attention: { enabled: false },
        emotion: { enabled: false },
        description: { enabled: false },
        antispoof: { enabled: false },
        liveness: { enabled: false },
        gear: { enabled: false },
      },
      segmentation: { enabled: true, modelPath: pathToFileURL(selfie).href, mode: 'alpha' },
    });
    await human.load();
    if (human.tf.getBackend() !== 'wasm') throw new Error(`tfjs backend is ${human.tf.getBackend()}, expected wasm`);
    const models = new FaceModels(human);
    await models.warmUp();
    return models;
  }

  private toTensor(rgb: Uint8Array, w: number, h: number): TfTensor {
    const data = new Int32Array(rgb.length);
    for (let i = 0; i < rgb.length; i++) data[i] = rgb[i];
    return this.human.tf.tensor(data, [1, h, w, 3], 'int32');
  }

  /** Runs each model once on a synthetic image so the first real job does not pay for kernel set-up. */
  private async warmUp(): Promise<void> {
    const w = 256;
    const h = 256;
    const rgb = new Uint8Array(w * h * 3);
    for (let i = 0; i < w * h; i++) {
      const x = i % w;
      const y = (i - x) / w;
      const d = Math.hypot(x - 128, y - 110) < 60 ? 200 : 90;
      rgb[i * 3] = d;
      rgb[i * 3 + 1] = (d * 0.8) | 0;
      rgb[i * 3 + 2] = (d * 0.7) | 0;
    }
    await this.detect(rgb, w, h);
    await this.segment(rgb, w, h);
  }

  async detect(rgb: Uint8Array, w: number, h: number): Promise<DetectedFace[]> {
    const t = this.toTensor(rgb, w, h);
    try {
      const res = await this.human.detect(t);
      if (res.error) throw new Error(`face detection failed: ${res.error}`);
      return res.face
        .filter((f) => f.mesh && f.mesh.length >= 478)
        .map((f) => ({
          score: f.score,
          box: [f.box[0], f.box[1], f.box[2], f.box[3]] as const,
          mesh: f.mesh.map((p) => [p[0], p[1]] as const),
          yaw: f.rotation?.angle.yaw ?? 0,
          pitch: f.rotation?.angle.pitch ?? 0,
          roll: f.rotation?.angle.roll ?? 0,
        }));
    } finally {
      this.human.tf.dispose(t);
    }
  }

  /** Person probability per pixel, 0..1, at the input size. */
  async segment(rgb: Uint8Array, w: number, h: number): Promise<Float32Array> {
    const t = this.toTensor(rgb, w, h);
    let out: TfTensor | null = null;
    try {
      out = await this.human.segmentation(t);
      if (!out) throw new Error('segmentation returned nothing');
      const d = await out.data();
      const res = new Float32Array(w * h);
      for (let i = 0; i < res.length; i++) res[i] = d[i] / 255;
      return res;
    } finally {
      this.human.tf.dispose(t);
      if (out) this.human.tf.dispose(out);
    }
  }
}
