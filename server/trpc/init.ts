import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Context } from './context.ts';
import { toAppError } from './errors.ts';

/** Procedure meta: the REST route (trpc-to-openapi) and the success status it answers with. */
export type Meta = OpenApiMeta<{ successStatus?: 200 | 201 | 202 }>;

/**
 * tRPC, once. The error shape carries our stable code for tRPC clients (`data.code`) and for
 * the REST facade (`error`); never a stack.
 */
export const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    errorFormatter({ shape, error }) {
      const app = toAppError(error);
      return {
        message: app.message,
        code: shape.code,
        error: app.code,
        data: { code: app.code, httpStatus: app.status, path: shape.data.path, message: app.message },
      };
    },
  });

export const router = t.router;
