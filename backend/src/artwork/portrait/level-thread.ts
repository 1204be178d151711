// Worker-thread entry: draws one FDoG level (the costliest work of a portrait) beside the main thread.

import { parentPort } from 'node:worker_threads';
import { faceGeometry } from './features.js';
import { lineArtLevel } from './lineart.js';
import type { LevelReply, LevelRequest } from './level-worker.js';

const port = parentPort;
if (!port) throw new Error('level-thread runs only as a worker thread');

port.on('message', (req: LevelRequest) => {
  let reply: LevelReply;
  try {
    reply = { id: req.id, body: lineArtLevel(req.input, faceGeometry(req.mesh), req.outline, req.level, req.unitsPerMm, req.response) };
  } catch (err) {
    reply = { id: req.id, error: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(reply);
});
