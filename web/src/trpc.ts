import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { QueryCache, QueryClient, MutationCache } from '@tanstack/react-query';
import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
// The only thing the browser takes from server/: the router's type (erased at build time).
import type { WebRouter } from '../../server/trpc/web-router.ts';

export type { WebRouter };
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<WebRouter>();

/** Per-call headers (e.g. Idempotency-Key) travel in the operation's context. */
export interface CallContext {
  headers?: Record<string, string>;
  [key: string]: unknown;
}

export function makeTrpcClient() {
  return createTRPCClient<WebRouter>({
    links: [
      httpLink({
        url: '/trpc',
        // Same-origin cookies; mutations go out as JSON POSTs, which the server's CSRF guard requires.
        fetch: (url, init) => fetch(url, { ...init, credentials: 'same-origin' }),
        headers: ({ op }) => (op.context as CallContext).headers ?? {},
      }),
    ],
  });
}

export interface ServerError {
  /** Our stable code (`not_found`, `insufficient_scope`, …). */
  code: string;
  status: number;
  /** The server's `message`, shown as is. */
  message: string;
}

/** The server's error, as the catalogue names it; a network failure gets a plain message. */
export function serverError(error: unknown): ServerError {
  if (error instanceof TRPCClientError) {
    const data = error.data as { code?: string; httpStatus?: number; message?: string } | undefined;
    return {
      code: data?.code ?? 'internal_error',
      status: data?.httpStatus ?? 500,
      message: data?.message ?? error.message,
    };
  }
  return { code: 'network_error', status: 0, message: error instanceof Error ? error.message : String(error) };
}

export function makeQueryClient(onUnauthorized: () => void): QueryClient {
  const check = (error: unknown) => {
    if (serverError(error).code === 'unauthorized') onUnauthorized();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: check }),
    mutationCache: new MutationCache({ onError: check }),
    defaultOptions: {
      queries: {
        staleTime: 5_000,
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again.
        retry: (count, error) => serverError(error).status >= 500 && count < 2,
      },
      mutations: { retry: false },
    },
  });
}

export type RouterInputs = inferRouterInputs<WebRouter>;
export type RouterOutputs = inferRouterOutputs<WebRouter>;
