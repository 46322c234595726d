import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

export interface ChecklistEntry {
  id: string;
  label: string;
  status: 'pass' | 'fail' | 'warn';
  detail?: string;
}

export type PublicationState =
  | 'queued'
  | 'publishing'
  | 'awaiting_merge'
  | 'published'
  | 'failed'
  | 'rolled_back'
  | 'canceled';

/** A recorded dry-run, publish request or docs-preview share of a run. */
export class PublishingAction extends Model<
  InferAttributes<PublishingAction>,
  InferCreationAttributes<PublishingAction>
> {
  declare id: string;
  declare orgId: string;
  declare projectId: string;
  declare runId: string;
  declare createdByUserId: string | null;
  declare registry: 'npm' | 'pypi' | 'docs' | 'github';
  declare action: 'dry_run' | 'publish' | 'rollback' | 'share_preview';
  declare status: 'ready' | 'blocked';
  declare packageName: string | null;
  declare version: string | null;
  declare notes: string | null;
  declare checklist: ChecklistEntry[];
  declare providerResult: Record<string, unknown> | null;
  /** Publish and rollback actions that passed their checks: where the registry write stands. */
  declare state: CreationOptional<PublicationState | null>;
  declare jobId: CreationOptional<string | null>;
  declare attempts: CreationOptional<number>;
  declare publishedAt: CreationOptional<Date | null>;
  /** A rollback: the publication it undoes, and the earlier one it restores. */
  declare rollbackOf: CreationOptional<string | null>;
  declare restores: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static setup(sequelize: Sequelize): void {
    PublishingAction.init(
      {
        id: { type: DataTypes.TEXT, primaryKey: true },
        orgId: { type: DataTypes.TEXT, allowNull: false },
        projectId: { type: DataTypes.TEXT, allowNull: false },
        runId: { type: DataTypes.TEXT, allowNull: false },
        createdByUserId: { type: DataTypes.TEXT },
        registry: { type: DataTypes.TEXT, allowNull: false },
        action: { type: DataTypes.TEXT, allowNull: false },
        status: { type: DataTypes.TEXT, allowNull: false },
        packageName: { type: DataTypes.TEXT },
        version: { type: DataTypes.TEXT },
        notes: { type: DataTypes.TEXT },
        checklist: { type: DataTypes.JSONB, allowNull: false },
        providerResult: { type: DataTypes.JSONB },
        state: { type: DataTypes.TEXT },
        jobId: { type: DataTypes.TEXT },
        attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        publishedAt: { type: DataTypes.DATE(3) },
        rollbackOf: { type: DataTypes.TEXT },
        restores: { type: DataTypes.TEXT },
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'publishing_actions', underscored: true },
    );
  }
}
