/**
 * The artifact store (docs/deployment.md: Artifact storage): write and read back a 32 MiB artifact on each
 * store, our verified streaming read (sha256 + size check, 1 MiB ranges on PostgreSQL) beside the
 * plain read of the same store in the same run (PostgreSQL: one `SELECT content`; S3: GetObject
 * consumed unchecked), with the heap + buffers growth of each read.
 * Run: `node bench/artifact-store.ts` (embedded PostgreSQL in a temp dir, or BENCH_DATABASE_URL;
 * S3 is s3rver on 127.0.0.1, so its figures are s3rver's, not a cloud bucket's).
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { QueryTypes } from 'sequelize';
import S3rver from 's3rver';
import { openDatabase } from '../db/connection.ts';
import { newId } from '../shared/ids.ts';
import { artifactKey, type ObjectStore } from '../db/storage/object-store.ts';
import { openVerified } from '../db/storage/open-verified.ts';
import { S3ObjectStore } from '../db/storage/s3-store.ts';

const MB = 1024 * 1024;
const SIZE = 32 * MB;
const ROUNDS = 3;

function memory(): number {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

async function timed(body: () => Promise<void>): Promise<{ ms: number; peakMb: number }> {
  const before = memory();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memory());
  }, 5);
  const start = performance.now();
  await body();
  const ms = performance.now() - start;
  clearInterval(sampler);
  peak = Math.max(peak, memory());
  return { ms, peakMb: (peak - before) / MB };
}

async function drain(stream: AsyncIterable<unknown>): Promise<number> {
  let n = 0;
  for await (const chunk of stream) n += (chunk as Buffer).length;
  return n;
}

function row(store: string, what: string, r: { ms: number; peakMb: number }): void {
  const rate = SIZE / MB / (r.ms / 1000);
  console.log(
    `${store.padEnd(9)} ${what.padEnd(34)} ${r.ms.toFixed(0).padStart(6)} ms ${rate.toFixed(0).padStart(5)} MB/s  +${r.peakMb.toFixed(0)} MB`,
  );
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'report-service-bench-'));
  await chmod(dataDir, 0o755);
  const s3Dir = await mkdtemp(join(tmpdir(), 'report-service-s3-'));
  const db = await openDatabase({
    databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
    dataDir,
    embeddedPort: 0,
  });
  const s3server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: 'bench' }],
  });
  const { port } = await s3server.run();
  const s3config = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'bench',
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
    prefix: '',
  };
  const s3 = new S3ObjectStore(s3config);
  const raw = new S3Client({
    ...s3config,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  try {
    const content = randomBytes(SIZE);
    const sha256 = (await import('node:crypto')).createHash('sha256').update(content).digest('hex');
    console.log(`artifact of ${SIZE / MB} MiB, best of ${ROUNDS}; memory: growth of heap + buffers during the read`);
    const plain: Record<string, (key: string) => Promise<void>> = {
      postgres: async (key) => {
        const [r] = await db.sequelize.query<{ content: Buffer }>('SELECT content FROM stored_objects WHERE key = $1', {
          bind: [key],
          type: QueryTypes.SELECT,
        });
        if (r?.content.length !== SIZE) throw new Error('short read');
      },
      s3: async (key) => {
        const answer = await raw.send(new GetObjectCommand({ Bucket: 'bench', Key: key }));
        if ((await drain(answer.Body as AsyncIterable<unknown>)) !== SIZE) throw new Error('short read');
      },
    };
    for (const store of [db.store, s3] as ObjectStore[]) {
      const best = (rs: { ms: number; peakMb: number }[]) => rs.sort((a, b) => a.ms - b.ms)[0]!;
      const writes = [];
      const ours = [];
      const reference = [];
      for (let i = 0; i < ROUNDS; i += 1) {
        const key = artifactKey(newId('art'));
        writes.push(await timed(() => store.put(key, content)));
        ours.push(
          await timed(async () => {
            const n = await drain(await openVerified(store, { key, sha256, sizeBytes: SIZE, label: 'bench' }));
            if (n !== SIZE) throw new Error('short read');
          }),
        );
        reference.push(await timed(() => plain[store.kind]!(key)));
        await store.delete([key]);
      }
      row(store.kind, 'put', best(writes));
      row(store.kind, 'ours: verified streaming read', best(ours));
      row(store.kind, 'reference: plain read, no check', best(reference));
    }
  } finally {
    raw.destroy();
    await s3.close();
    await s3server.close();
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(s3Dir, { recursive: true, force: true });
  }
}

await main();
