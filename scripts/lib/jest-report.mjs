// The failing tests of a jest JSON report (`jest --json --outputFile`), a few lines each: `npm test` prints them again
// at the very end, where a CI log's tail shows them.
import { existsSync, readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

/** Each failing test of a jest JSON report, with the first lines of its message (a report never written: say so). */
export function jestFailures(name, file, root) {
  if (!existsSync(file)) return [`${name}: no report (${file}); the runner stopped before writing it`];
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const out = [];
  for (const suiteResult of report.testResults ?? []) {
    const where = suiteResult.name.slice(root.length + 1);
    const tests = (suiteResult.assertionResults ?? []).filter((t) => t.status === 'failed');
    if (tests.length === 0 && suiteResult.status === 'failed') out.push(`${where}: ${firstLines(suiteResult.message)}`);
    for (const t of tests) out.push(`${where} › ${t.fullName}: ${firstLines(t.failureMessages.join('\n'))}`);
  }
  return out;
}

/** The message's first lines without its stack: jest colours its messages, and a log file wants the words. */
function firstLines(text, n = 12) {
  const plain = stripVTControlCharacters(String(text ?? ''));
  return plain
    .split('\n')
    .filter((l) => l.trim() && !/^\s*at /.test(l))
    .slice(0, n)
    .join('\n    ');
}
