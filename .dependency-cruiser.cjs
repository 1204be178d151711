// Which way the arrows between parts of the code may point (docs/architecture.md). `npm run lint` runs it.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
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
