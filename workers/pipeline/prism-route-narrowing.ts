// Prism's router, given fewer operations to look at, with the same answer.
//
// Prism routes each request by sorting every operation of the description by a match score and
// then matching the request path against each one (`@stoplight/prism-http`'s `router/index.js`):
// on the Stripe-sized description, 509 operations, that was 4.1 of the 9.1 CPU-s Prism spent on
// the wire tests' 4,072 requests. An operation whose path cannot match the request's is
// `NOMATCH` there and changes nothing in the answer. This module indexes the operations once
// and hands Prism's own router, for each request, only the operations whose path has as many
// segments as the request's and whose literal segments equal the request's: a subset of what
// Prism's `matchPath` requires, so every operation left out is one Prism would have found
// `NOMATCH`, and the ones kept keep their order (Prism's sort is stable).
// Where leaving operations out could change an error Prism writes, it is given all of them: a
// request with a `__server` base URL (Prism's "no server configuration" check looks at every
// operation), a path that does not start with `/`, or no candidate at all.

export interface RoutedOperation {
  path: string;
}

export interface RouteRequest<Input> {
  resources: RoutedOperation[];
  input: Input;
}

interface RequestInput {
  url: { path: string; baseUrl?: string };
}

// Prism's own tests for these (`router/matchPath.js`): a fragment is templated when it holds
// `{…}`, and fragments are compared percent-decoded.
const TEMPLATED = /{(.+)}/;

function decodeFragment(fragment: string): string {
  try {
    return fragment && decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

function fragments(path: string): string[] {
  return path.split('/').slice(1).map(decodeFragment);
}

interface Indexed<Operation> {
  operation: Operation;
  /** Each fragment, or undefined where the operation's path is templated. */
  literals: (string | undefined)[];
}

/**
 * Wraps `route` (Prism's router) so that it sees only the operations that could match the
 * request. Operations are indexed by the first list the wrapper meets (the server's, the same
 * array for every request); any other list goes to `route` whole.
 */
export function narrowedRoute<Input extends RequestInput, Result>(
  route: (request: RouteRequest<Input>) => Result,
): (request: RouteRequest<Input>) => Result {
  let indexedList: RoutedOperation[] | undefined;
  let byLength: Map<number, Indexed<RoutedOperation>[]> | undefined;

  function index(resources: RoutedOperation[]): Map<number, Indexed<RoutedOperation>[]> | undefined {
    const map = new Map<number, Indexed<RoutedOperation>[]>();
    for (const operation of resources) {
      // Prism throws on such a path for every request; keep that behaviour by not narrowing.
      if (typeof operation.path !== 'string' || !operation.path.startsWith('/')) return undefined;
      const literals = fragments(operation.path).map((f) => (TEMPLATED.test(f) ? undefined : f));
      const list = map.get(literals.length) ?? [];
      list.push({ operation, literals });
      map.set(literals.length, list);
    }
    return map;
  }

  return (request) => {
    const { resources, input } = request;
    if (indexedList === undefined) {
      indexedList = resources;
      byLength = index(resources);
    }
    const path = input.url.path;
    if (resources !== indexedList || byLength === undefined || input.url.baseUrl || !path.startsWith('/'))
      return route(request);
    const wanted = fragments(path);
    const candidates = byLength.get(wanted.length) ?? [];
    const kept = candidates
      .filter(({ literals }) => literals.every((literal, i) => literal === undefined || literal === wanted[i]))
      .map(({ operation }) => operation);
    if (kept.length === 0) return route(request);
    return route({ resources: kept, input });
  };
}
