// A 127.0.0.1 server speaking GitHub's "create a release" REST endpoint
// (`POST /repos/<owner>/<repo>/releases`, bearer token): 201 with the release's id, tag and
// html_url; 401 for another token, 404 for any other route. Every request is recorded.

import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReleaseRequest {
  /** `METHOD /path`. */
  url: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

export interface FakeGithubReleases {
  /** The API base URL (`http://127.0.0.1:<port>`). */
  url: string;
  received: ReleaseRequest[];
  stop(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeGithubReleases(token: string): Promise<FakeGithubReleases> {
  const received: ReleaseRequest[] = [];
  let nextId = 1;
  const server = createServer(async (req, res) => {
    const body = JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>;
    received.push({ url: `${req.method} ${req.url}`, authorization: req.headers.authorization, body });
    const match = /^\/repos\/([^/]+)\/([^/]+)\/releases$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match)
      return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not Found"}');
    if (req.headers.authorization !== `Bearer ${token}`)
      return void res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Bad credentials"}');
    const id = nextId++;
    res.writeHead(201, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id,
        tag_name: body.tag_name,
        html_url: `https://github.example/${match[1]}/${match[2]}/releases/tag/${String(body.tag_name)}`,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
