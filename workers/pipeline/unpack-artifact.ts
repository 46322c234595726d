import { gunzipSync } from 'node:zlib';
import { extract } from 'tar-stream';

/** The files of a stored `.tar.gz` artifact, in memory (the inverse of pack-artifact.ts). */
export async function unpackArtifact(gzipped: Buffer): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const tar = extract();
  const done = new Promise<void>((resolve, reject) => {
    tar.on('entry', (header, stream, next) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: unknown) => chunks.push(Buffer.from(chunk as Uint8Array)));
      stream.on('end', () => {
        if (header.type === 'file') files.set(header.name.replace(/^\.\//, ''), Buffer.concat(chunks));
        next();
      });
      stream.resume();
    });
    tar.on('finish', resolve);
    tar.on('error', reject);
  });
  tar.end(gunzipSync(gzipped));
  await done;
  return files;
}
