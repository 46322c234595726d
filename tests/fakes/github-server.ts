// A small 127.0.0.1 server speaking the GitHub REST routes the service uses for release pull
// requests and description pushes: list, create and update pull requests, and read a file of a
// repository at a commit (`contents`, raw), the latter from real bare repositories under `root`.

import { execFile } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);

export interface FakePull {
  number: number;
  title: string;
  body: string;
  head: string;
  base: string;
  state: 'open' | 'closed';
  repository: string;
}

export interface FakeGithub {
  url: string;
  pulls: FakePull[];
  /** Every request, `METHOD /path?query`. */
  requests: string[];
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

export async function startFakeGithub(root: string, token: string): Promise<FakeGithub> {
  const pulls: FakePull[] = [];
  const requests: string[] = [];
  let server: Server | undefined;
  const base = () => `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
  const view = (p: FakePull) => ({
    number: p.number,
    title: p.title,
    body: p.body,
    state: p.state,
    html_url: `https://github.example/${p.repository}/pull/${p.number}`,
    url: `${base()}/repos/${p.repository}/pulls/${p.number}`,
    head: { ref: p.head },
    base: { ref: p.base },
  });
  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    const json = (status: number, body: unknown) =>
      void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.headers.authorization !== `token ${token}` && req.headers.authorization !== `Bearer ${token}`)
      return json(401, { message: 'Bad credentials' });
    const pullsRoute = /^\/repos\/([^/]+)\/([^/]+)\/pulls(?:\/(\d+))?$/.exec(url.pathname);
    const contents = /^\/repos\/([^/]+)\/([^/]+)\/contents\/(.+)$/.exec(url.pathname);
    if (pullsRoute) {
      const repository = `${pullsRoute[1]}/${pullsRoute[2]}`;
      if (req.method === 'GET' && !pullsRoute[3]) {
        const head = url.searchParams.get('head')?.split(':').pop();
        const state = url.searchParams.get('state') ?? 'open';
        return json(
          200,
          pulls
            .filter((p) => p.repository === repository && (state === 'all' || p.state === state))
            .filter((p) => !head || p.head === head)
            .filter((p) => !url.searchParams.get('base') || p.base === url.searchParams.get('base'))
            .map(view),
        );
      }
      const body = await readBody(req);
      if (req.method === 'POST' && !pullsRoute[3]) {
        if (pulls.some((p) => p.repository === repository && p.head === body.head && p.state === 'open'))
          return json(422, { message: 'Validation Failed', errors: [{ message: 'A pull request already exists' }] });
        const pull: FakePull = {
          number: pulls.length + 1,
          title: String(body.title),
          body: String(body.body ?? ''),
          head: String(body.head),
          base: String(body.base),
          state: 'open',
          repository,
        };
        pulls.push(pull);
        return json(201, view(pull));
      }
      const pull = pulls.find((p) => p.repository === repository && p.number === Number(pullsRoute[3]));
      if (req.method === 'PATCH' && pull) {
        if (typeof body.title === 'string') pull.title = body.title;
        if (typeof body.body === 'string') pull.body = body.body;
        if (body.state === 'closed' || body.state === 'open') pull.state = body.state;
        return json(200, view(pull));
      }
      return json(404, { message: 'Not Found' });
    }
    if (contents && req.method === 'GET') {
      const gitDir = join(root, contents[1]!, `${contents[2]}.git`);
      const ref = url.searchParams.get('ref') ?? 'HEAD';
      try {
        const { stdout } = await exec(
          'git',
          ['--git-dir', gitDir, 'show', `${ref}:${decodeURIComponent(contents[3]!)}`],
          {
            env: { PATH: process.env.PATH ?? '', GIT_CONFIG_NOSYSTEM: '1' },
            maxBuffer: 64 * 1024 * 1024,
          },
        );
        return void res.writeHead(200, { 'content-type': 'application/vnd.github.raw' }).end(stdout);
      } catch {
        return json(404, { message: 'Not Found' });
      }
    }
    return json(404, { message: 'Not Found' });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return {
    url: base(),
    pulls,
    requests,
    close: async () => {
      server!.closeAllConnections();
      await new Promise((resolve) => server!.close(resolve));
    },
  };
}
