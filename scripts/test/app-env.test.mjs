// The environment `npm start` and `npm run dev` give the app, and the image's agreeing with it (docs/decisions/007).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { appEnv, MALLOC_ARENA_MAX } from '../lib/app-env.mjs';

const root = new URL('../..', import.meta.url).pathname;

describe('the app process environment', () => {
  it('runs the app with two malloc arenas, and development unless told otherwise', () => {
    const env = appEnv({ PATH: '/bin' });
    assert.equal(env.MALLOC_ARENA_MAX, '2');
    assert.equal(env.NODE_ENV, 'development');
    assert.equal(env.PATH, '/bin');
  });

  it('keeps what the caller set', () => {
    assert.deepEqual(appEnv({ NODE_ENV: 'production', MALLOC_ARENA_MAX: '4' }), { NODE_ENV: 'production', MALLOC_ARENA_MAX: '4' });
  });

  it('sets the arenas as the image does', () => {
    const dockerfile = readFileSync(`${root}Dockerfile`, 'utf8');
    // Lines that are not comments: the ENV instruction (a line of it, or its first).
    const set = [...dockerfile.matchAll(/^(?!\s*#).*\bMALLOC_ARENA_MAX=([^\s\\]+)/gm)].map((match) => match[1]);
    assert.ok(set.length > 0, 'the Dockerfile sets MALLOC_ARENA_MAX');
    assert.deepEqual([...new Set(set)], [MALLOC_ARENA_MAX]);
  });
});
