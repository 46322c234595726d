import { z } from 'zod';
import { HealthStatus } from '../../../shared/schemas/identity.ts';
import { publicProcedure } from '../../trpc/procedures.ts';
import { getHealth as health } from '../../services/identity/get-health.ts';

export const getHealth = publicProcedure
  .meta({ openapi: { method: 'GET', path: '/health', tags: ['system'], summary: 'Readiness probe (no token)' } })
  .input(z.strictObject({}))
  .output(HealthStatus)
  .query(({ ctx }) => health(ctx.deps));
