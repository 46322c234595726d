// The layers of the service and the directions imports may take (docs/architecture.md), checked by
// tests/architecture/layers.test.ts. From the bottom up:
//
//   workers/generators/  pure generation core: description (+ config) in, model and files out
//   shared/              enums, errors, ids, logger, config, API schemas (may read the generators' limits)
//   db/                  sequelize models, migrations, the pg-boss queue
//   workers/             the worker: pipeline/ (a run's steps), jobs/, publishing/, main.ts
//   server/              the API: routers/ over services/ (its use cases) over integrations/
//   bin/                 process entry points and the composition root (start.mjs, start.ts, roles.ts, admin.ts)
//
// An import may point down, never up, and never round in a circle. server/ reads the worker side
// through workers/for-api.ts only. Type-only imports count too (tsPreCompilationDeps).

/** Everything of ours that is not `workers/generators/`. */
const OUTSIDE_GENERATORS = '^(shared|db|server|bin|web|tests|bench)/|^workers/(?!generators/)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle ties its modules into one: none of them can be read, tested or moved alone.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'generators-are-pure',
      severity: 'error',
      comment:
        'workers/generators/ is the pure core: it imports nothing of the service (no db, server, pipeline, shared).',
      from: { path: '^workers/generators/' },
      to: { path: OUTSIDE_GENERATORS },
    },
    {
      name: 'model-below-config',
      severity: 'error',
      comment:
        'Inside the generators the model is below everything: the config readers, analyze.ts, the diff and the emitters read the model, not the other way round.',
      from: { path: '^workers/generators/(model|names)/' },
      to: { path: '^workers/generators/(?!model/|names/)' },
    },
    {
      name: 'emitters-meet-at-their-entries',
      severity: 'error',
      comment:
        'An emitter uses another only through its public entries: index.ts (the emitter) and naming.ts (the names it gives, for samples and for packages that embed it). What several emitters share (the language printers, the method shape) is in printers/ or core/, never inside one of them.',
      from: { path: '^workers/generators/(typescript|python|cli|mcp|docs|diff|go)/' },
      to: {
        path: '^workers/generators/(typescript|python|cli|mcp|docs|diff|go)/',
        pathNot: ['^workers/generators/$1/', '^workers/generators/[^/]+/(index|naming)\\.ts$'],
      },
    },
    {
      name: 'shared-is-the-bottom',
      severity: 'error',
      comment: 'shared/ is imported by every process: it may import only shared/ and the pure generators.',
      from: { path: '^shared/' },
      to: { path: '^(db|server|bin|web|tests|bench)/|^workers/(?!generators/)' },
    },
    {
      name: 'db-below-workers-and-server',
      severity: 'error',
      comment: 'db/ sits over shared/ only.',
      from: { path: '^db/' },
      to: { path: '^(server|bin|web|tests|bench|workers)/' },
    },
    {
      name: 'workers-below-server',
      severity: 'error',
      comment: 'The worker does not know the API: workers/ imports neither server/ nor the entry points.',
      from: { path: '^workers/' },
      to: { path: '^(server|bin|web|tests|bench)/' },
    },
    {
      name: 'pipeline-below-jobs',
      severity: 'error',
      comment: 'workers/pipeline/ is used by jobs/ and publishing/, and does not import them (nor workers/main.ts).',
      from: { path: '^workers/pipeline/' },
      to: { path: '^workers/(jobs/|publishing/|main\\.ts$|for-api\\.ts$)' },
    },
    {
      name: 'server-reads-workers-through-for-api',
      severity: 'error',
      comment: 'The API reads the worker side through workers/for-api.ts only, never its internals.',
      from: { path: '^server/' },
      to: { path: '^workers/(?!for-api\\.ts$)' },
    },
    {
      name: 'services-below-transport',
      severity: 'error',
      comment: 'server/services/ (the use cases) know no transport: no routers, tRPC, express app or REST facade.',
      from: { path: '^server/services/' },
      to: { path: '^server/(routers/|trpc/|app\\.ts$|rest-facade\\.ts$|web-app\\.ts$)' },
    },
    {
      name: 'entry-points-on-top',
      severity: 'error',
      comment:
        'Nothing of the service imports bin/ (the entry points and the composition root); tests and benchmarks may.',
      from: { path: '^(shared|db|server|workers|web)/' },
      to: { path: '^bin/' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    // bundle/ folders are runtimes copied into generated SDKs (not imported); the standalone
    // validators are large generated CommonJS files with no imports of ours.
    exclude: { path: '(^|/)(node_modules|bundle|fixtures)/|^workers/generators/model/validate/standalone/.+\\.cjs$' },
    moduleSystems: ['es6', 'cjs'],
    skipAnalysisNotInRules: true,
  },
};
