// A 127.0.0.1 server speaking GitHub's "create a release" REST endpoint
// (`POST /repos/<owner>/<repo>/releases`, bearer token): 201 with the release's id, tag and
// html_url; 401 for another token, 404 for any other route. Every request is recorded.

import { serveLocal } from './local-server.ts';

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

export async function startFakeGithubReleases(token: string): Promise<FakeGithubReleases> {
  const received: ReleaseRequest[] = [];
  let nextId = 1;
  const local = await serveLocal((req, res, raw) => {
    const body = JSON.parse(raw.toString('utf8') || '{}') as Record<string, unknown>;
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
  return { url: local.url, received, stop: local.close };
}
