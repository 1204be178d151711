// Worker-thread entry: draws one FDoG level (the costliest work of a portrait) beside the main thread.

import { parentPort } from 'node:worker_threads';
import { faceGeometry } from './features.js';
import { lineArtLevel } from './lineart.js';
import type { LevelReply, LevelRequest } from './level-worker.js';

const port = parentPort;
if (!port) throw new Error('level-thread runs only as a worker thread');

/** Level 4's judgement of the hair (faint or not), for the level 3 drawn next for the same portrait. */
let faintAt4: boolean | undefined;

port.on('message', (req: LevelRequest) => {
  let reply: LevelReply;
  try {
    if (req.level === 4) faintAt4 = undefined;
    const hair = req.head ? { head: req.head, fringe: req.fringe, faint: req.level === 3 ? faintAt4 : undefined } : undefined;
    const drawn = lineArtLevel(req.input, faceGeometry(req.mesh), req.outline, req.level, req.unitsPerMm, req.response, hair);
    faintAt4 = req.level === 4 ? drawn.faint : undefined;
    reply = { id: req.id, body: drawn.body };
  } catch (err) {
    reply = { id: req.id, error: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(reply);
});
