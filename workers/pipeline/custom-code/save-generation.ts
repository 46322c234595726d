import { SdkGeneration } from '../../../db/models/index.ts';
import type { StepResult } from '../run-protocol.ts';

/**
 * Records an SDK step's pristine generation and custom-code report for its run (replacing an
 * earlier attempt's), so a later run can merge against it once the customer has received it.
 */
export async function saveGeneration(
  run: { id: string; orgId: string; projectId: string },
  customCode: NonNullable<StepResult['customCode']>,
): Promise<void> {
  await SdkGeneration.upsert({
    runId: run.id,
    language: customCode.language,
    orgId: run.orgId,
    projectId: run.projectId,
    content: customCode.pristine.content,
    sha256: customCode.pristine.sha256,
    fileCount: customCode.pristine.fileCount,
    report: customCode.report ?? null,
  });
}
