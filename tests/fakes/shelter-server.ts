// The pets ("Shelter") API of the cli fixtures, served for real on 127.0.0.1: the server the
// generated CLI and MCP server call in their end-to-end tests. It records every request (`seen`),
// wants the key in `x-shelter-key` except on /v2/health, pages with `cursor`/`limit`, answers
// uploads with the body's size and type, and 404s with the API's error shape. Every response
// carries `x-request-id: req_<n>` (n counts requests from 1), as APIs that trace requests do.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export const PETS = [
  { id: 'p1', name: 'Rex', species: 'dog' },
  { id: 'p2', name: 'Tom', species: 'cat' },
  { id: 'p3', name: 'Bun', species: 'rabbit' },
];

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface ShelterServer {
  server: Server;
  /** `http://127.0.0.1:<port>/v2` */
  baseURL: string;
  seen: SeenRequest[];
  close(): Promise<void>;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** The `x-request-id` of the n-th request. */
export const requestId = (n: number): string => `req_${n}`;

export async function startShelterServer(key: string): Promise<ShelterServer> {
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('latin1').on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.setHeader('x-request-id', requestId(seen.length));
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/v2/health')
        return void res.writeHead(200, { 'content-type': 'text/plain' }).end('all good');
      if (req.headers['x-shelter-key'] !== key) return json(res, 401, { error: 'unauthorized', message: 'Bad key' });
      if (url.pathname === '/v2/pets' && req.method === 'GET') {
        const limit = Number(url.searchParams.get('limit') ?? '2');
        const start = Number(url.searchParams.get('cursor') ?? '0');
        const data = PETS.slice(start, start + limit);
        return json(res, 200, { data, next_cursor: start + limit < PETS.length ? String(start + limit) : null });
      }
      if (url.pathname === '/v2/pets' && req.method === 'POST')
        return json(res, 201, { id: 'p9', ...(JSON.parse(body) as object) });
      const one = /^\/v2\/pets\/([^/]+)$/.exec(url.pathname);
      // A pet the shelter is always too busy to fetch: 503, retry at once (the retry tests count the tries).
      if (one?.[1] === 'busy' && req.method === 'GET') {
        res.setHeader('retry-after', '0');
        return json(res, 503, { error: 'busy', message: 'Try again' });
      }
      if (one && req.method === 'GET') {
        const pet = PETS.find((p) => p.id === decodeURIComponent(one[1] as string));
        return pet ? json(res, 200, pet) : json(res, 404, { error: 'not_found', message: 'Pet not found' });
      }
      if (/^\/v2\/pets\/[^/]+\/photos$/.test(url.pathname))
        return json(res, 200, { size: body.length, type: req.headers['content-type'] });
      if (/^\/v2\/pets\/[^/]+\/notes$/.test(url.pathname)) return json(res, 200, JSON.parse(body));
      json(res, 404, { error: 'not_found', message: 'No route' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    baseURL: `http://127.0.0.1:${(server.address() as { port: number }).port}/v2`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
