import { z } from 'zod';
import { PARTNER_START_MODES, START_MODES } from '../enums.ts';
import { Capabilities, Run } from './runs.ts';
import { Project, ProjectName } from './projects.ts';

const FileName = z.string().max(255, 'must be at most 255 characters');

/**
 * Both contract variants in one object: variant A (mode flagship|custom|openapi, optional) and
 * variant B (mode partner_compatible|partner_migration, configText required). Byte limits per
 * field are configurable and checked by the service (400 input_too_large).
 */
export const StartReportInput = z
  .strictObject({
    mode: z.enum(START_MODES).optional(),
    projectId: z.string().min(1).max(100).optional(),
    projectName: ProjectName.optional(),
    openapiFileName: FileName.optional(),
    configFileName: FileName.optional(),
    oldSdkFileName: FileName.optional(),
    docsSourceFileName: FileName.optional(),
    openapiText: z.string().min(1, 'must not be empty'),
    configText: z.string().optional(),
    oldSdkText: z.string().optional(),
    docsSourceText: z.string().optional(),
    notes: z.string().max(10_000, 'must be at most 10000 characters').optional(),
  })
  .superRefine((value, ctx) => {
    const partner = (PARTNER_START_MODES as readonly string[]).includes(value.mode ?? '');
    if (partner && !value.configText?.trim()) {
      ctx.addIssue({
        code: 'custom',
        path: ['configText'],
        message: `is required when mode is ${value.mode} (the partner config, e.g. stainless.yml)`,
      });
    }
  });
export type StartReportInput = z.infer<typeof StartReportInput>;

export const StartReportOutput = z.object({
  project: Project,
  run: Run,
  capabilities: Capabilities,
  message: z.string(),
});
export type StartReportOutput = z.infer<typeof StartReportOutput>;
