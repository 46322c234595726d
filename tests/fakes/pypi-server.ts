// A package index on 127.0.0.1 speaking the legacy upload API (what twine and PyPI's
// upload.pypi.org/legacy/ speak): multipart POST with `:action=file_upload`, the file in `content`,
// its `sha256_digest`, Basic auth with `__token__` and the token; 403 for bad credentials, 400
// "File already exists" for a file it has, 400 for a digest that does not match.

import { createHash } from 'node:crypto';
import { serveLocal } from './local-server.ts';

export interface PypiUpload {
  fields: Record<string, string>;
  filename: string;
  content: Buffer;
}

export interface FakePypi {
  /** The upload URL (`http://127.0.0.1:<port>/legacy/`). */
  repositoryUrl: string;
  /** Every file accepted, in order. */
  uploads: PypiUpload[];
  stop(): Promise<void>;
}

export async function startFakePypi(token: string): Promise<FakePypi> {
  const uploads: PypiUpload[] = [];
  const expected = `Basic ${Buffer.from(`__token__:${token}`).toString('base64')}`;
  const local = await serveLocal(async (req, res, body) => {
    if (req.headers.authorization !== expected)
      return void res.writeHead(403, 'Invalid or non-existent authentication information.').end();
    const form = await new Request('http://index/', {
      method: 'POST',
      headers: { 'content-type': String(req.headers['content-type']) },
      body,
    }).formData();
    const fields: Record<string, string> = {};
    let file: File | undefined;
    for (const [key, value] of form) {
      if (typeof value === 'string') fields[key] = value;
      else if (key === 'content') file = value;
    }
    if (fields[':action'] !== 'file_upload' || !file) return void res.writeHead(400, 'Bad upload').end();
    if (uploads.some((u) => u.filename === file.name)) return void res.writeHead(400, 'File already exists.').end();
    const content = Buffer.from(await file.arrayBuffer());
    if (createHash('sha256').update(content).digest('hex') !== fields.sha256_digest)
      return void res.writeHead(400, 'Digest mismatch').end();
    uploads.push({ fields, filename: file.name, content });
    res.writeHead(200, { 'content-type': 'text/plain' }).end('OK');
  });
  return { repositoryUrl: `${local.url}/legacy/`, uploads, stop: local.close };
}
