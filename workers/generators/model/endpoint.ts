// `get /pets/{petId}`: the endpoint key configs use to name an operation.

import { HTTP_METHODS, type HttpMethod } from './types.ts';

export function endpointKey(method: HttpMethod, path: string): string {
  return `${method} ${path}`;
}

/** Parses `get /pets` (case-insensitive method, one space or more). Undefined when malformed. */
export function parseEndpoint(text: string): { method: HttpMethod; path: string } | undefined {
  const m = /^\s*([A-Za-z]+)\s+(\S+)\s*$/.exec(text);
  if (!m) return undefined;
  const method = (m[1] as string).toLowerCase() as HttpMethod;
  if (!HTTP_METHODS.includes(method)) return undefined;
  return { method, path: m[2] as string };
}
