// The mock's narrowed router (workers/pipeline/prism-route-narrowing.ts) against Prism's own
// router on the whole list: for every request, the same operation or the same error, and Prism
// is really given fewer operations where the path rules the others out.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { narrowedRoute, type RouteRequest } from '../../../workers/pipeline/prism-route-narrowing.ts';

interface Operation {
  id: string;
  method: string;
  path: string;
  servers?: { url: string }[];
}
interface Input {
  method: string;
  url: { path: string; baseUrl?: string };
}
type Either =
  | { _tag: 'Left'; left: { name?: string; message: string; status?: number } }
  | { _tag: 'Right'; right: Operation };

const prismCli = createRequire(createRequire(import.meta.url).resolve('@stoplight/prism-cli/package.json'));
const prismRoute = (prismCli('@stoplight/prism-http/dist/router') as { default(r: RouteRequest<Input>): Either })
  .default;

const servers = [{ url: 'https://api.example.com/v1' }];
const OPERATIONS: Operation[] = [
  ['list', 'get', '/items'],
  ['create', 'post', '/items'],
  ['retrieve', 'get', '/items/{id}'],
  ['search', 'get', '/items/search'],
  ['json', 'get', '/items/{id}.json'],
  ['sub', 'get', '/items/{id}/parts/{part}'],
  ['subFixed', 'get', '/items/{id}/parts/main'],
  ['deep', 'delete', '/items/{id}/parts/{part}'],
  ['encoded', 'get', '/caf%C3%A9/{x}'],
  ['trailing', 'get', '/trail/'],
  ['root', 'get', '/'],
  ['other', 'put', '/a/{b}/{c}'],
  ['otherFixed', 'put', '/a/b/{c}'],
].map(([id, method, path]) => ({ id, method, path, servers }) as Operation);

const REQUESTS: Input[] = [
  ['get', '/items'],
  ['post', '/items'],
  ['patch', '/items'],
  ['get', '/items/42'],
  ['get', '/items/search'],
  ['post', '/items/search'],
  ['get', '/items/42.json'],
  ['get', '/items/7/parts/main'],
  ['get', '/items/7/parts/wheel'],
  ['delete', '/items/7/parts/main'],
  ['get', '/items/7/parts'],
  ['get', '/café/1'],
  ['get', '/caf%C3%A9/1'],
  ['get', '/trail/'],
  ['get', '/trail'],
  ['get', '/'],
  ['put', '/a/b/c'],
  ['put', '/a/x/c'],
  ['get', '/nowhere/at/all'],
  ['get', 'items'],
  ['get', '/items/%E0%A4%A'],
].map(([method, path]) => ({ method, url: { path } }) as Input);

function outcome(result: Either): string {
  return result._tag === 'Right'
    ? `operation ${result.right.id}`
    : `error ${result.left.status} ${result.left.message}`;
}

describe('the narrowed Prism router', () => {
  it('routes every request as Prism does on all operations', () => {
    const seen: number[] = [];
    const narrowed = narrowedRoute<Input, Either>((request) => {
      seen.push(request.resources.length);
      return prismRoute(request);
    });
    const withServer = REQUESTS.slice(0, 4).map((input) => ({
      ...input,
      url: { ...input.url, baseUrl: 'https://elsewhere.example.com' },
    }));
    for (const input of [...REQUESTS, ...withServer]) {
      const expected = outcome(prismRoute({ resources: OPERATIONS, input }));
      expect(outcome(narrowed({ resources: OPERATIONS, input })), `${input.method} ${input.url.path}`).toBe(expected);
    }
    // Prism was really given fewer operations: `/items/42` leaves 2 of the 13 (retrieve and
    // json), `/items/7/parts/main` 3 (sub, subFixed, deep).
    expect(seen[3]).toBe(2);
    expect(seen[7]).toBe(3);
    // No candidate, a path without a slash, or a base URL: all of them.
    expect(seen[REQUESTS.findIndex((r) => r.url.path === '/nowhere/at/all')]).toBe(OPERATIONS.length);
    expect(seen[REQUESTS.findIndex((r) => r.url.path === 'items')]).toBe(OPERATIONS.length);
    expect(seen.slice(REQUESTS.length)).toEqual([13, 13, 13, 13]);
  });

  it('gives another list of operations to Prism whole', () => {
    const seen: number[] = [];
    const narrowed = narrowedRoute<Input, Either>((request) => {
      seen.push(request.resources.length);
      return prismRoute(request);
    });
    const input = { method: 'get', url: { path: '/items/42' } };
    narrowed({ resources: OPERATIONS, input });
    const fewer = OPERATIONS.slice(0, 5);
    expect(outcome(narrowed({ resources: fewer, input }))).toBe(outcome(prismRoute({ resources: fewer, input })));
    expect(seen).toEqual([2, 5]);
  });
});
