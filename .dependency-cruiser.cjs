// Which way the arrows between parts of the code may point (docs/architecture.md). `npm run lint` runs it.
const { readdirSync } = require('node:fs');
const { join } = require('node:path');

/**
 * The backend's module folders, floor by floor (docs/architecture.md): a module imports only modules on floors below
 * its own, so arrows point one way and no two module folders import each other. A new folder must be placed here.
 */
const FLOORS = [
  ['sessions', 'scenes', 'vouchers', 'security', 'payments', 'contact-messages', 'pdf', 'health', 'analytics'],
  ['custom-scenes', 'uploads', 'email'],
  ['orders', 'contact', 'share'],
  ['admin'],
  // Above everything it keeps: the retention purge reaches the admin's audit log too (docs/decisions/028).
  ['maintenance'],
];

const placed = FLOORS.flat();
const unplaced = readdirSync(join(__dirname, 'backend/src/modules')).filter((folder) => !placed.includes(folder));
if (unplaced.length > 0) throw new Error(`.dependency-cruiser.cjs: place these backend modules on a floor: ${unplaced.join(', ')}`);

const folders = (names) => `^backend/src/modules/(${names.join('|')})/`;

/** One rule per floor: nothing on it imports a module folder on its own floor (other than itself) or above. */
const floorRules = FLOORS.map((floor, level) => ({
  name: `modules-import-only-lower-floors-${level}`,
  comment: `Modules on floor ${level} (${floor.join(', ')}) import only modules on lower floors; see docs/architecture.md.`,
  severity: 'error',
  from: { path: folders(floor) },
  to: { path: folders(FLOORS.slice(level).flat()), pathNot: '^backend/src/modules/$1/' },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...floorRules,
    {
      name: 'modules-through-their-public-file',
      comment: "A module reaches another only through that module's index.ts, never its internals.",
      severity: 'error',
      from: { path: '^backend/src/modules/([^/]+)/' },
      to: { path: '^backend/src/modules/[^/]+/', pathNot: ['^backend/src/modules/$1/', '^backend/src/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'app-through-public-files',
      comment: 'The app and worker modules assemble modules through their index.ts, like any other importer.',
      severity: 'error',
      from: { path: '^backend/src/[^/]+\\.ts$' },
      to: { path: '^backend/src/modules/[^/]+/', pathNot: '^backend/src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'common-below-modules',
      comment: 'common/ holds helpers every layer uses; it never reaches up into a module.',
      severity: 'error',
      from: { path: '^backend/src/common' },
      to: { path: '^backend/src/modules/' },
    },
    {
      name: 'domain-imports-nothing',
      comment: 'domain/ is pure rules shared by both sides: no packages, no I/O, nothing outside itself.',
      severity: 'error',
      from: { path: '^domain/src' },
      to: { pathNot: '^domain/src' },
    },
    {
      name: 'artwork-without-nest',
      comment: 'The artwork engine is pure functions over buffers and SVG: nothing from Nest, the database, queues or the modules.',
      severity: 'error',
      from: { path: '^backend/src/artwork' },
      to: { path: ['^backend/src/(modules|infra|config|database|common)/', 'node_modules/(@nestjs|typeorm|bull|ioredis|pg)/'] },
    },
    {
      name: 'infra-below-modules',
      comment: 'infra/ holds the adapters the modules use; an adapter never reaches up into a module.',
      severity: 'error',
      from: { path: '^backend/src/infra' },
      to: { path: '^backend/src/modules/' },
    },
    {
      name: 'frontend-and-backend-apart',
      comment: 'The pages talk to the API over HTTP; the backend serves the built pages. Neither imports the other.',
      severity: 'error',
      from: { path: '^(frontend/app|backend/src)' },
      to: { path: '^(frontend/app|backend/src)', pathNot: '^$1' },
    },
    {
      name: 'production-code-without-tests-or-tools',
      comment: 'Code that ships imports no test, test helper or development tool.',
      severity: 'error',
      from: { path: '^(backend/src|frontend/app|domain/src)', pathNot: '\\.test\\.tsx?$' },
      to: { path: ['\\.test\\.tsx?$', '^backend/test/', '^backend/scripts/', '^scripts/'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|build|var)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'backend/tsconfig.json' },
    enhancedResolveOptions: { conditionNames: ['import', 'require', 'node', 'default'] },
    moduleSystems: ['es6', 'cjs'],
  },
};
