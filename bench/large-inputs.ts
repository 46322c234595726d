/**
 * Cost against size on hostile shapes (issue #16): synthetic descriptions whose one dimension
 * grows tenfold at a time (enum members 10^3 … 10^6, object properties, union arms, a chain of
 * bare $refs, operations 1×, 10×, 100×, 3.0 tags and parameters, and examples checked against a
 * large enum), each in a fresh process: the analysis (parse, model,
 * checks) and the four emitters without compilers, with the model limits lifted so the emitters
 * see the whole size, and the peak memory. A tenfold size should cost about 10× (the ratio
 * columns); the peer column is `redocly lint` on the same file, in the same run.
 * Run: `npm run bench:large` (LARGE_FAMILIES=enum,properties to choose; LARGE_PEER=0 to skip redocly).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { timeCommand } from './peer.ts';
import { syntheticDescription } from './synthetic-description.ts';

const ROOT = resolve(import.meta.dirname, '..');

const spec = (schemas: Record<string, unknown>, property: unknown): string =>
  JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'Large input', version: '1.0.0' },
    servers: [{ url: 'https://api.example.com' }],
    paths: {
      '/things': {
        get: {
          operationId: 'getThing',
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { type: 'object', properties: { field: property } } } },
            },
          },
        },
      },
    },
    components: { schemas },
  });

/** An OpenAPI 3.0 description (the 3.0 schema check is where `uniqueItems` compared every pair). */
const spec30 = (parts: {
  tags?: unknown[];
  pathParameters?: unknown[];
  parameters?: unknown[];
  examples?: Record<string, unknown>;
  schemas?: Record<string, unknown>;
  schema?: unknown;
}): string =>
  JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Large input', version: '1.0.0' },
    servers: [{ url: 'https://api.example.com' }],
    ...(parts.tags ? { tags: parts.tags } : {}),
    paths: {
      '/things': {
        ...(parts.pathParameters ? { parameters: parts.pathParameters } : {}),
        get: {
          operationId: 'getThing',
          ...(parts.parameters ? { parameters: parts.parameters } : {}),
          responses: {
            '200': {
              description: 'ok',
              content: {
                'application/json': {
                  schema: parts.schema ?? { type: 'string' },
                  ...(parts.examples ? { examples: parts.examples } : {}),
                },
              },
            },
          },
        },
      },
    },
    ...(parts.schemas ? { components: { schemas: parts.schemas } } : {}),
  });

const FAMILIES: Record<string, { sizes: number[]; make: (n: number) => string }> = {
  enum: {
    sizes: [1e3, 1e4, 1e5, 1e6],
    make: (n) =>
      spec(
        { Code: { type: 'integer', enum: Array.from({ length: n }, (_, i) => i) } },
        { $ref: '#/components/schemas/Code' },
      ),
  },
  properties: {
    sizes: [1e3, 1e4, 1e5],
    make: (n) =>
      spec(
        {
          Wide: {
            type: 'object',
            properties: Object.fromEntries(
              Array.from({ length: n }, (_, i) => [`p${i}`, { type: 'string', description: `Property ${i}` }]),
            ),
          },
        },
        { $ref: '#/components/schemas/Wide' },
      ),
  },
  unions: {
    sizes: [1e2, 1e3, 1e4],
    make: (n) =>
      spec(
        {
          ...Object.fromEntries(
            Array.from({ length: n }, (_, i) => [
              `Arm${i}`,
              { type: 'object', properties: { [`k${i}`]: { type: 'string' } } },
            ]),
          ),
          Union: { oneOf: Array.from({ length: n }, (_, i) => ({ $ref: `#/components/schemas/Arm${i}` })) },
        },
        { $ref: '#/components/schemas/Union' },
      ),
  },
  'ref-chain': {
    sizes: [1e2, 1e3, 1e4],
    make: (n) =>
      spec(
        {
          ...Object.fromEntries(
            Array.from({ length: n }, (_, i) => [`S${i}`, { $ref: `#/components/schemas/S${i + 1}` }]),
          ),
          [`S${n}`]: { type: 'string' },
        },
        { $ref: '#/components/schemas/S0' },
      ),
  },
  operations: { sizes: [50, 500, 5000], make: (n) => syntheticDescription(n) },
  // 3.0 top-level tags, all distinct (a pairwise uniqueness check compares every pair).
  'tags-3.0': {
    sizes: [1e3, 1e4, 1e5],
    make: (n) => spec30({ tags: Array.from({ length: n }, (_, i) => ({ name: `tag-${i}`, description: `Tag ${i}` })) }),
  },
  // 3.0 parameters: n distinct query parameters on the path item and n on the operation.
  'params-3.0': {
    sizes: [1e2, 1e3, 1e4],
    make: (n) => {
      const params = (prefix: string) =>
        Array.from({ length: n }, (_, i) => ({ name: `${prefix}${i}`, in: 'query', schema: { type: 'string' } }));
      return spec30({ pathParameters: params('p'), parameters: params('q') });
    },
  },
  // An enum of n strings and n/10 media-type examples of 10 values each (n values checked), from the enum's end.
  'enum-examples': {
    sizes: [1e3, 1e4, 1e5],
    make: (n) =>
      spec30({
        schemas: { Code: { type: 'string', enum: Array.from({ length: n }, (_, i) => `code-${i}`) } },
        schema: { type: 'array', items: { $ref: '#/components/schemas/Code' } },
        examples: Object.fromEntries(
          Array.from({ length: n / 10 }, (_, e) => [
            `e${e}`,
            { value: Array.from({ length: 10 }, (_, i) => `code-${n - 1 - ((e * 10 + i) % n)}`) },
          ]),
        ),
      }),
  },
};

interface Figures {
  modelMs: number;
  analysisMs: number;
  emitTotalMs: number;
  maxRssMb: number;
  limits: string[];
}

const chosen = (process.env.LARGE_FAMILIES ?? Object.keys(FAMILIES).join(',')).split(',');
const peer = process.env.LARGE_PEER !== '0';
// redocly grows quadratically on some families (a 10,000-link ref chain ran past 190 s): it is stopped
// after this many seconds and shown as `>N` (its ratio then a lower bound).
const peerTimeoutS = Number(process.env.LARGE_PEER_TIMEOUT ?? 180);
const dir = mkdtempSync(join(tmpdir(), 'bench-large-'));
console.log(
  `Analysis and emitters (no compilers) per size, a fresh process each; model limits lifted; Node ${process.version}`,
);
console.log(
  [
    'family',
    'size',
    'MB',
    'model ms',
    'analysis ms',
    'emit ms',
    'x prev',
    'peak MB',
    'redocly ms',
    'x prev',
    'limits hit by default',
  ]
    .map((h, i) => (i < 1 ? h.padEnd(14) : h.padStart(i === 10 ? 25 : 12)))
    .join(''),
);
try {
  for (const family of chosen) {
    const { sizes, make } = FAMILIES[family] ?? { sizes: [], make: () => '' };
    let previous: { total: number; peer: number | undefined } | undefined;
    for (const size of sizes) {
      const file = join(dir, `${family}-${size}.json`);
      const text = make(size);
      writeFileSync(file, text);
      const run = (mode: string[]): Figures =>
        JSON.parse(
          execFileSync(
            process.execPath,
            ['--max-old-space-size=8192', join(ROOT, 'bench', 'large-input-child.ts'), file, ...mode],
            { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
          )
            .trim()
            .split('\n')
            .pop()!,
        ) as Figures;
      const lifted = run(['unlimited']);
      const byDefault = run([]);
      const theirs = peer
        ? timeCommand(
            [
              '/usr/bin/timeout',
              String(peerTimeoutS),
              join(ROOT, 'node_modules', '.bin', 'redocly'),
              'lint',
              file,
              '--format=json',
            ],
            {
              allowFailure: true,
              env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
            },
          )
        : undefined;
      const peerStopped = theirs !== undefined && theirs.ms >= peerTimeoutS * 1000;
      const total = lifted.analysisMs + lifted.emitTotalMs;
      const ratio = previous && previous.total > 0 ? (total / previous.total).toFixed(1) : '';
      const peerRatio =
        previous?.peer && theirs ? `${peerStopped ? '>' : ''}${(theirs.ms / previous.peer).toFixed(1)}` : '';
      console.log(
        [
          family.padEnd(14),
          String(size).padStart(12),
          (text.length / 1e6).toFixed(2).padStart(12),
          String(lifted.modelMs).padStart(12),
          String(lifted.analysisMs).padStart(12),
          String(lifted.emitTotalMs).padStart(12),
          ratio.padStart(12),
          String(lifted.maxRssMb).padStart(12),
          (theirs ? `${peerStopped ? '>' : ''}${theirs.ms}` : 'n/a').padStart(12),
          peerRatio.padStart(12),
          ' ' + (byDefault.limits.join(', ') || '-').padStart(24),
        ].join(''),
      );
      previous = { total, peer: theirs?.ms };
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log('\n"x prev" is the cost of this size over the previous one (a tenfold size: about 10 for linear growth).');
