import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import type { CustomCodeReport } from '../../shared/schemas/custom-code.ts';

/**
 * The pristine generation of one SDK of a run (a gzipped tar of its files, before the customer's
 * code was carried in) and that run's custom-code report. The latest one the customer received
 * (`receivedAt`) is the base of the project's next three-way merge.
 */
export class SdkGeneration extends Model<InferAttributes<SdkGeneration>, InferCreationAttributes<SdkGeneration>> {
  declare runId: string;
  declare language: CustomCodeReport['language'];
  declare orgId: string;
  declare projectId: string;
  /** The gzipped tar; null once retention pruned it (the row keeps the run's report). */
  declare content: Buffer | null;
  declare sha256: string;
  declare fileCount: number;
  declare report: CreationOptional<CustomCodeReport | null>;
  declare receivedAt: CreationOptional<Date | null>;
  /** `download`, `publish` or `repository` (pushed to the connected repository's `generated` branch). */
  declare receivedVia: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;

  /** Marks a run's SDK as received by the customer (the first time only): it becomes a merge base. */
  static async markReceived(runId: string, language: CustomCodeReport['language'], via: string): Promise<void> {
    await SdkGeneration.update(
      { receivedAt: new Date(), receivedVia: via },
      { where: { runId, language, receivedAt: null } },
    );
  }

  static setup(sequelize: Sequelize): void {
    SdkGeneration.init(
      {
        runId: { type: DataTypes.TEXT, primaryKey: true },
        language: { type: DataTypes.TEXT, primaryKey: true },
        orgId: { type: DataTypes.TEXT, allowNull: false },
        projectId: { type: DataTypes.TEXT, allowNull: false },
        content: { type: DataTypes.BLOB },
        sha256: { type: DataTypes.TEXT, allowNull: false },
        fileCount: { type: DataTypes.INTEGER, allowNull: false },
        report: { type: DataTypes.JSONB },
        receivedAt: { type: DataTypes.DATE(3) },
        receivedVia: { type: DataTypes.TEXT },
        createdAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'sdk_generations', underscored: true, updatedAt: false },
    );
  }
}
