// The validating mock (workers/pipeline/mock-server.ts: Prism): how long it takes to read a
// description and listen, and how fast it answers and refuses, on
// - the Stripe-like synthetic description (bench/synthetic-stripe-like.ts: dense reference cycles,
//   `anyOf` expandables) at growing sizes up to Stripe's (330 resources), each start capped;
// - a CRUD description of Stripe's operation count (bench/synthetic-description.ts, 455
//   operations), where request speed is measured.
// `npm run bench:mock` (optional: the start cap in seconds, default 60).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { startMockServer, type MockServer } from '../workers/pipeline/mock-server.ts';
import { syntheticDescription } from './synthetic-description.ts';
import { stripeLikeDescription } from './synthetic-stripe-like.ts';

const capMs = Number(process.argv[2] ?? 60) * 1000;
const dir = await mkdtemp(join(tmpdir(), 'bench-mock-'));

async function start(name: string, text: string): Promise<MockServer | undefined> {
  const file = join(dir, `${name}.yaml`);
  await writeFile(file, text);
  const t0 = performance.now();
  try {
    return await startMockServer(file, undefined, capMs);
  } catch (error) {
    console.log(
      `${name}: did not listen within ${((performance.now() - t0) / 1000).toFixed(0)} s (${(error as Error).message.slice(0, 120)})`,
    );
    return undefined;
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

async function timed(
  urls: string[],
  concurrency: number,
  init?: RequestInit,
): Promise<{ ms: number[]; statuses: Map<number, number>; wallMs: number }> {
  const ms: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < urls.length) {
        const url = urls[next++] as string;
        const begun = performance.now();
        const response = await fetch(url, init);
        await response.arrayBuffer();
        ms.push(performance.now() - begun);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }),
  );
  return { ms: ms.sort((a, b) => a - b), statuses, wallMs: performance.now() - t0 };
}

const line = (label: string, run: Awaited<ReturnType<typeof timed>>): string =>
  `${label} ×${run.ms.length}: p50 ${percentile(run.ms, 0.5).toFixed(1)} ms, p95 ${percentile(run.ms, 0.95).toFixed(1)} ms, ${((run.ms.length / run.wallMs) * 1000).toFixed(0)} req/s; statuses ${JSON.stringify([...run.statuses])}`;

try {
  console.log(`Stripe-like (dense reference cycles), start cap ${capMs / 1000} s:`);
  for (const resources of [1, 2, 3, 4, 330]) {
    const text = stripeLikeDescription(resources);
    const mock = await start(`stripe-like-${resources}`, text);
    if (mock)
      console.log(
        `stripe-like ${resources} resources (${(text.length / 1e3).toFixed(0)} kB): listening after ${mock.startMs} ms`,
      );
    await mock?.stop();
    if (!mock) break;
  }

  const text = syntheticDescription(455);
  const description = parse(text) as { paths: Record<string, Record<string, unknown>> };
  const mock = await start('crud-455', text);
  if (mock) {
    try {
      console.log(`CRUD, 455 operations (${(text.length / 1e6).toFixed(2)} MB): listening after ${mock.startMs} ms`);
      const AUTH = { authorization: 'Bearer token' };
      const gets = Object.entries(description.paths)
        .filter(([, item]) => 'get' in item)
        .map(([path]) => `${mock.url}${path.replace(/\{[^}]+\}/g, 'id_1')}`);
      console.log(line('first GET of each operation, sequential', await timed(gets, 1, { headers: AUTH })));
      const many = Array.from({ length: Math.ceil(1000 / gets.length) }, () => gets).flat();
      for (const concurrency of [1, 8])
        console.log(line(`valid GETs, concurrency ${concurrency}`, await timed(many, concurrency, { headers: AUTH })));
      const lists = gets.filter((u) => !u.endsWith('id_1'));
      console.log(
        line(
          'refused: limit=0 (minimum 1), concurrency 8',
          await timed(
            lists.map((u) => `${u}?limit=0`),
            8,
            { headers: AUTH },
          ),
        ),
      );
      console.log(line('refused: no credentials, concurrency 8', await timed(lists, 8)));
    } finally {
      await mock.stop();
    }
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
