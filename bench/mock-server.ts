// The validating mock (workers/pipeline/mock-server.ts: Prism) on the Stripe-sized description:
// how long it takes to read the description and listen, and how fast it answers and refuses.
// `npm run bench:mock` (optional: resources count, default 330 = Stripe's size).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { startMockServer } from '../workers/pipeline/mock-server.ts';
import { stripeLikeDescription } from './synthetic-stripe-like.ts';

const resources = Number(process.argv[2] ?? 330);
const text = stripeLikeDescription(resources);
const description = parse(text) as { paths: Record<string, Record<string, unknown>> };
const dir = await mkdtemp(join(tmpdir(), 'bench-mock-'));
const file = join(dir, 'openapi.yaml');
await writeFile(file, text);

const AUTH = { authorization: `Basic ${Buffer.from('user:pass').toString('base64')}` };
// Every GET (list and retrieve), path parameters filled with a short id.
const gets = Object.entries(description.paths)
  .filter(([, item]) => 'get' in item)
  .map(([path]) => path.replace(/\{[^}]+\}/g, 'id_1'));

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
        const start = performance.now();
        const response = await fetch(url, init);
        await response.arrayBuffer();
        ms.push(performance.now() - start);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }),
  );
  return { ms: ms.sort((a, b) => a - b), statuses, wallMs: performance.now() - t0 };
}

const mock = await startMockServer(file, undefined, 900_000);
try {
  console.log(
    `description: ${resources} resources, ${Object.keys(description.paths).length} paths, ${(text.length / 1e6).toFixed(2)} MB YAML`,
  );
  console.log(`prism start (spawn → listening): ${mock.startMs} ms`);
  const rounds = Math.max(1, Math.ceil(600 / gets.length));
  const urls = Array.from({ length: rounds }, () => gets.map((p) => `${mock.url}${p}`)).flat();
  // The first request to each operation builds Prism's generator for its response: measured apart.
  const first = await timed(
    gets.map((p) => `${mock.url}${p}`),
    1,
    { headers: AUTH },
  );
  console.log(
    `first request per GET operation (${first.ms.length}, sequential): p50 ${percentile(first.ms, 0.5).toFixed(1)} ms, p95 ${percentile(first.ms, 0.95).toFixed(1)} ms; statuses ${JSON.stringify([...first.statuses])}`,
  );
  for (const concurrency of [1, 8]) {
    const run = await timed(urls, concurrency, { headers: AUTH });
    console.log(
      `valid GETs ×${run.ms.length}, concurrency ${concurrency}: p50 ${percentile(run.ms, 0.5).toFixed(1)} ms, p95 ${percentile(run.ms, 0.95).toFixed(1)} ms, ${((run.ms.length / run.wallMs) * 1000).toFixed(0)} req/s; statuses ${JSON.stringify([...run.statuses])}`,
    );
  }
  // Refused: no credentials (401) and a wrongly typed query parameter (422).
  const refused = await timed(
    gets.slice(0, 200).map((p) => `${mock.url}${p}?limit=abc`),
    8,
    { headers: AUTH },
  );
  console.log(
    `invalid query (limit=abc) ×${refused.ms.length}: p50 ${percentile(refused.ms, 0.5).toFixed(1)} ms; statuses ${JSON.stringify([...refused.statuses])}`,
  );
  const mem = await fetch(`${mock.url}${gets[0]}`);
  await mem.arrayBuffer();
  console.log(`no credentials: status ${mem.status}`);
} finally {
  await mock.stop();
  await rm(dir, { recursive: true, force: true });
}
