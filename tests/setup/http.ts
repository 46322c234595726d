import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import type { AppRouter } from '../../server/trpc/root.ts';

export interface HttpResult<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

/** A REST client for the service under test: real HTTP over 127.0.0.1. */
export function rest(baseUrl: string, token?: string) {
  const call = async <T = Record<string, any>>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<HttpResult<T>> => {
    const init: RequestInit = {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    };
    const response = await fetch(`${baseUrl}/api${path}`, init);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON
    }
    return { status: response.status, headers: response.headers, body: parsed as T };
  };
  return {
    get: <T = Record<string, any>>(path: string, headers?: Record<string, string>) =>
      call<T>('GET', path, undefined, headers),
    post: <T = Record<string, any>>(path: string, body?: unknown, headers?: Record<string, string>) =>
      call<T>('POST', path, body, headers),
    patch: <T = Record<string, any>>(path: string, body?: unknown, headers?: Record<string, string>) =>
      call<T>('PATCH', path, body, headers),
    delete: <T = Record<string, any>>(path: string, headers?: Record<string, string>) =>
      call<T>('DELETE', path, undefined, headers),
  };
}

/** A typed tRPC client for the same service at /trpc. */
export function trpc(baseUrl: string, token?: string) {
  return createTRPCClient<AppRouter>({
    links: [httpLink({ url: `${baseUrl}/trpc`, headers: () => (token ? { authorization: `Bearer ${token}` } : {}) })],
  });
}

/** The stable error code and HTTP status of a failed tRPC call. */
export function trpcError(error: unknown): { code: string; httpStatus: number } {
  if (!(error instanceof TRPCClientError)) throw error;
  const data = error.data as { code: string; httpStatus: number };
  return { code: data.code, httpStatus: data.httpStatus };
}

/** Asserts that a tRPC call fails with our stable `code` and `httpStatus`. */
export async function expectTrpcError(promise: Promise<unknown>, code: string, httpStatus: number): Promise<void> {
  let caught: unknown;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  if (caught === undefined) throw new Error(`expected a ${code} error, but the call succeeded`);
  const got = trpcError(caught);
  if (got.code !== code || got.httpStatus !== httpStatus)
    throw new Error(`expected ${code}/${httpStatus}, got ${got.code}/${got.httpStatus}`);
}

export const PETSTORE = `openapi: 3.0.3
info:
  title: Petstore
  version: 1.0.0
paths:
  /pets:
    get:
      operationId: listPets
      responses:
        '200':
          description: ok
`;
