import type { PackageNames } from '../../shared/schemas/projects.ts';
import type { ArtifactKind, PipelineStep, StepStatus } from '../../shared/enums.ts';

/** JSON columns of `runs`, as stored. */
export interface StepRecord {
  name: PipelineStep;
  status: StepStatus;
  startedAt?: string;
  completedAt?: string;
  durationMs?: number;
  summary?: string;
  counts?: Record<string, number>;
}

export interface InputSummaryShape {
  openapiFileName?: string;
  configFileName?: string;
  oldSdkFileName?: string;
  docsSourceFileName?: string;
  openapiBytes: number;
  configBytes: number;
  oldSdkBytes: number;
  docsSourceBytes: number;
  openapiSha256: string;
  retained: boolean;
  retryOfRunId?: string;
  retryReason?: string;
  packages?: PackageNames;
  projectDefaultConfig?: boolean;
}

export interface ArtifactEntry {
  id: string;
  name: string;
  kind: ArtifactKind;
  mediaType: string;
  sizeBytes: number;
  sha256: string;
  fileCount: number;
  expiresAt?: string;
  createdAt: string;
}

export interface ArtifactManifestShape {
  version: number;
  runId: string;
  organizationId: string;
  projectId: string;
  quality?: Record<string, unknown>;
  artifacts: ArtifactEntry[];
  expiresAt?: string;
  updatedAt: string;
}
