import type { TRPCError } from '@trpc/server';
import type { Meta } from './init.ts';
import { toAppError } from './errors.ts';
import { appRouter } from './root.ts';

interface ProcedureDef {
  _def: { meta?: Meta };
}

function metaOf(path: string | undefined): Meta | undefined {
  if (!path) return undefined;
  const procedures = appRouter._def.procedures as unknown as Record<string, ProcedureDef | undefined>;
  return procedures[path]?._def.meta;
}

/**
 * Status and headers of a REST answer: the procedure's declared success status, or the
 * catalogue status of the error (including 402, 410, 423, 501, 502, which tRPC has no code
 * for) with its headers (Retry-After).
 */
export function restResponseMeta(opts: { paths?: readonly string[]; errors: readonly TRPCError[] }): {
  status: number;
  headers: Record<string, string>;
} {
  const [error] = opts.errors;
  if (error) {
    const app = toAppError(error);
    return { status: app.status, headers: app.headers };
  }
  return { status: metaOf(opts.paths?.[0])?.successStatus ?? 200, headers: {} };
}
