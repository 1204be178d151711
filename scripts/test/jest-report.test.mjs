// The failures `npm test` prints again at the end: read from a report jest itself wrote for a failing test.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { jestFailures } from '../lib/jest-report.mjs';
import { root } from '../lib/services.mjs';

describe('jest failures for the end of the log', () => {
  it('names each failing test with the first lines of its message (no stack), and not the passing ones', () => {
    const dir = mkdtempSync(join(tmpdir(), 'jest-report-'));
    try {
      writeFileSync(
        join(dir, 'sample.test.js'),
        "test('adds', () => expect(1 + 1).toBe(2));\ndescribe('the sweep', () => { test('ends ready', () => expect('failed').toBe('ready')); });\n",
      );
      const file = join(dir, 'report.json');
      const jest = spawnSync(
        process.execPath,
        [
          join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
          `--config=${JSON.stringify({ rootDir: dir })}`,
          '--json',
          `--outputFile=${file}`,
          '--ci',
        ],
        // Coloured, as jest writes its messages on a terminal.
        { cwd: dir, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '1' } },
      );
      assert.equal(jest.status, 1, jest.stderr);
      const failures = jestFailures('sample', file, dir);
      assert.equal(failures.length, 1);
      assert.match(failures[0], /^sample\.test\.js › the sweep ends ready: /);
      assert.match(failures[0], /Expected: "ready"/);
      assert.ok(!failures[0].includes('\u001b'), 'no colour codes');
      assert.doesNotMatch(failures[0], /^\s*at /m);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says so when jest stopped before writing its report', () => {
    assert.deepEqual(jestFailures('backend tests', '/nonexistent/report.json', root), [
      'backend tests: no report (/nonexistent/report.json); the runner stopped before writing it',
    ]);
  });
});
