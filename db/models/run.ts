import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import type { RunMode, RunStatus, RunVerdict } from '../../shared/enums.ts';
import type { ArtifactManifestShape, InputSummaryShape, StepRecord } from './run-shapes.ts';

/** The source of truth for a run; status changes are conditional updates on the current status. */
export class Run extends Model<InferAttributes<Run>, InferCreationAttributes<Run>> {
  declare id: string;
  declare orgId: string;
  declare projectId: string;
  declare createdByUserId: string | null;
  declare inputId: string | null;
  declare status: RunStatus;
  declare mode: RunMode;
  declare verdict: RunVerdict;
  declare steps: CreationOptional<StepRecord[]>;
  declare inputSummary: InputSummaryShape;
  declare notes: string | null;
  declare currentStep: CreationOptional<string | null>;
  declare artifactManifest: CreationOptional<ArtifactManifestShape | null>;
  declare jobId: CreationOptional<string | null>;
  /** The pipeline attempt that holds the run while it is `running` (workers/pipeline/runner.ts). */
  declare claimToken: CreationOptional<string | null>;
  declare retryOfRunId: string | null;
  declare failureMessage: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
  declare completedAt: CreationOptional<Date | null>;

  static setup(sequelize: Sequelize): void {
    Run.init(
      {
        id: { type: DataTypes.TEXT, primaryKey: true },
        orgId: { type: DataTypes.TEXT, allowNull: false },
        projectId: { type: DataTypes.TEXT, allowNull: false },
        createdByUserId: { type: DataTypes.TEXT },
        inputId: { type: DataTypes.TEXT },
        status: { type: DataTypes.TEXT, allowNull: false },
        mode: { type: DataTypes.TEXT, allowNull: false },
        verdict: { type: DataTypes.TEXT, allowNull: false },
        steps: { type: DataTypes.JSONB, allowNull: false, defaultValue: [] },
        inputSummary: { type: DataTypes.JSONB, allowNull: false },
        notes: { type: DataTypes.TEXT },
        currentStep: { type: DataTypes.TEXT },
        artifactManifest: { type: DataTypes.JSONB },
        jobId: { type: DataTypes.TEXT },
        claimToken: { type: DataTypes.TEXT },
        retryOfRunId: { type: DataTypes.TEXT },
        failureMessage: { type: DataTypes.TEXT },
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
        completedAt: { type: DataTypes.DATE(3) },
      },
      { sequelize, tableName: 'runs', underscored: true },
    );
  }
}
