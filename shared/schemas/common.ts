import { z } from 'zod';

/** RFC 3339 UTC timestamp with milliseconds, e.g. 2026-11-22T10:00:00.000Z. */
export const Timestamp = z
  .string()
  .meta({ description: 'RFC 3339 UTC timestamp with milliseconds', example: '2026-11-22T10:00:00.000Z' });

export const ErrorBody = z
  .object({
    error: z.string().meta({ description: 'Stable machine-readable error code (see docs/api.md: Errors)' }),
    message: z.string().optional(),
  })
  .meta({ id: 'Error' });

/** A path id: non-empty, bounded, printable. */
export const Id = (name: string) => z.string().min(1, `${name} is required`).max(100, `${name} is too long`);

export const OptionalReason = z.string().max(2000).optional();

/**
 * A JSON boolean in a request body. The REST adapter (trpc-to-openapi) switches top-level
 * boolean and number fields of every input schema to coercion, under which "false" would be
 * true; a pipe is left alone, so `"false"` stays a 400 on both transports.
 */
export const BodyBoolean = () => z.boolean().pipe(z.boolean());
