import { z } from 'zod';
import { webProcedure } from '../../trpc/procedures.ts';

/** The upload limits, shown on the new-report form before anything is sent. */
export const getLimits = webProcedure
  .output(
    z.object({
      openapiBytes: z.number().int(),
      configBytes: z.number().int(),
      oldSdkBytes: z.number().int(),
      docsSourceBytes: z.number().int(),
    }),
  )
  .query(({ ctx }) => ({ ...ctx.deps.config.limits }));
