import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { pack } from 'tar-stream';
import { byPath } from '../generators/core/files.ts';
import type { ArtifactDraft, GeneratedFile } from './step.ts';

export interface PackedArtifact {
  content: Buffer;
  mediaType: string;
  fileCount: number;
  sizeBytes: number;
  sha256: string;
  /** File name a download is offered under. */
  fileName: string;
}

const gzipAsync = promisify(gzip);

/** Fixed mtime so the same files give the same bytes (deterministic artifacts). */
const EPOCH = new Date(0);

async function tarGz(files: GeneratedFile[]): Promise<Buffer> {
  const archive = pack();
  const chunks: Buffer[] = [];
  // tar-stream hands out its own header buffers and the bodies given to it, never reused: kept as
  // they are (a copy of each was 0.3 s of the run process's thread for a Stripe-sized run's 60 MB).
  archive.on('data', (chunk: unknown) => chunks.push(chunk as Buffer));
  const done = new Promise<void>((resolve, reject) => {
    archive.on('end', resolve);
    archive.on('error', reject);
  });
  for (const file of [...files].sort(byPath)) {
    if (file.path.startsWith('/') || file.path.split('/').includes('..'))
      throw new Error(`refusing to pack unsafe path ${file.path}`);
    const body = typeof file.content === 'string' ? Buffer.from(file.content, 'utf8') : Buffer.from(file.content);
    await new Promise<void>((resolve, reject) =>
      archive.entry({ name: file.path, size: body.length, mode: 0o644, mtime: EPOCH }, body, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
  }
  archive.finalize();
  await done;
  // In libuv's thread pool, not on the run process's one thread: compressing every artifact of a
  // Stripe-sized run (the docs alone are 52 MB of HTML) took 1.3 s of that thread, which every
  // other step's emitting waited on. Same bytes as gzipSync.
  return gzipAsync(Buffer.concat(chunks), { level: 6 });
}

/** Turns a step's draft into stored bytes with their digest. */
export async function packArtifact(draft: ArtifactDraft): Promise<PackedArtifact> {
  let content: Buffer;
  let mediaType: string;
  let fileCount: number;
  let fileName: string;
  if ('files' in draft) {
    content = await tarGz(draft.files);
    mediaType = 'application/gzip';
    fileCount = draft.files.length;
    fileName = `${draft.name}.tar.gz`;
  } else if ('json' in draft) {
    content = Buffer.from(`${JSON.stringify(draft.json, null, 2)}\n`, 'utf8');
    mediaType = 'application/json';
    fileCount = 1;
    fileName = `${draft.name}.json`;
  } else {
    content = Buffer.from(draft.text, 'utf8');
    mediaType = draft.mediaType;
    fileCount = 1;
    fileName = draft.name;
  }
  return {
    content,
    mediaType,
    fileCount,
    sizeBytes: content.length,
    sha256: createHash('sha256').update(content).digest('hex'),
    fileName,
  };
}
