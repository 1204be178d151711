// Draws the FDoG levels (4, then 3) on a second core while the main thread draws the cartoon levels 1 and 2.
// One long-lived thread per engine; requests are drawn in the order they arrive.

import { Worker } from 'node:worker_threads';
import type { LineArtInput } from './lineart.js';
import type { Pt } from './trace.js';

export interface LevelRequest {
  readonly id: number;
  readonly input: LineArtInput;
  readonly mesh: readonly Pt[];
  readonly outline: readonly Pt[];
  readonly level: 3 | 4;
  readonly unitsPerMm: number;
  /** the level's FDoG response when the caller has it already (level 3 shares it with level 2) */
  readonly response?: Float32Array;
  /** the head's outline (head.ts): faint hair is drawn inside it */
  readonly head?: readonly Pt[];
  /** a fringe's lower edge (fringe.ts), when the photo has one lower than the face oval's top */
  readonly fringe?: readonly Pt[] | null;
}

export type LevelReply = { readonly id: number; readonly body: string } | { readonly id: number; readonly error: string };

interface Pending {
  resolve(body: string): void;
  reject(err: Error): void;
}

/** The thread's entry next to this file: `.ts` when the sources run directly (tests), `.js` when built. */
const ENTRY = new URL(`./level-thread${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);

export class LevelWorker {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  draw(req: Omit<LevelRequest, 'id'>): Promise<string> {
    const worker = this.started();
    const id = this.nextId++;
    return new Promise<string>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // a busy thread keeps the process alive until it answers; an idle one does not
      worker.ref();
      worker.postMessage({ ...req, id } satisfies LevelRequest);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
    this.failAll(new Error('level worker closed'));
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(ENTRY);
    worker.unref();
    worker.on('message', (reply: LevelReply) => {
      const p = this.pending.get(reply.id);
      if (!p) return;
      this.pending.delete(reply.id);
      if (!this.pending.size) worker.unref();
      if ('body' in reply) p.resolve(reply.body);
      else p.reject(new Error(`level drawing failed: ${reply.error}`));
    });
    // a crashed thread fails what it was drawing (the job retries) and is started afresh next time
    const lost = (err: Error): void => {
      if (this.worker === worker) this.worker = null;
      this.failAll(err);
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`level worker exited with code ${code}`)));
    this.worker = worker;
    return worker;
  }

  private failAll(err: Error): void {
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }
}
