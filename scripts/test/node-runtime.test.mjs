// The Node the commands run on: the version comparison, and the repository's own settings agreeing with each other.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { atLeast, minimumNode } from '../lib/node-runtime.mjs';

const root = new URL('../..', import.meta.url).pathname;

describe('node runtime', () => {
  it('compares versions part by part', () => {
    assert.equal(atLeast('20.20.2', '22.12.0'), false);
    assert.equal(atLeast('22.11.9', '22.12.0'), false);
    assert.equal(atLeast('22.12.0', '22.12.0'), true);
    assert.equal(atLeast('v22.23.3', '22.12.0'), true);
    assert.equal(atLeast('24.0.0', '22.12.0'), true);
    assert.equal(atLeast('22.9.0', '22.12.0'), false); // 9 < 12 as numbers, not as text
  });

  it('fetches a Node that package.json engines accept, and runs the tests on one', () => {
    const minimum = minimumNode(root);
    const pinned = readFileSync(new URL('.nvmrc', `file://${root}`), 'utf8').trim();
    assert.ok(atLeast(pinned, minimum), `.nvmrc ${pinned} < engines ${minimum}`);
    assert.ok(atLeast(process.versions.node, minimum), `the tests run on Node ${process.versions.node}`);
  });
});
