import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import type { ArtifactKind } from '../../shared/enums.ts';

/** A stored deliverable of a run: a .tar.gz of a file tree, or a JSON report. */
export class Artifact extends Model<InferAttributes<Artifact>, InferCreationAttributes<Artifact>> {
  declare id: string;
  declare orgId: string;
  declare runId: string;
  declare kind: ArtifactKind;
  declare name: string;
  declare mediaType: string;
  declare sizeBytes: number;
  declare sha256: string;
  declare fileCount: number;
  /** Null once purged. */
  declare content: Buffer | null;
  declare expiresAt: Date;
  declare createdAt: CreationOptional<Date>;

  static setup(sequelize: Sequelize): void {
    Artifact.init(
      {
        id: { type: DataTypes.TEXT, primaryKey: true },
        orgId: { type: DataTypes.TEXT, allowNull: false },
        runId: { type: DataTypes.TEXT, allowNull: false },
        kind: { type: DataTypes.TEXT, allowNull: false },
        name: { type: DataTypes.TEXT, allowNull: false },
        mediaType: { type: DataTypes.TEXT, allowNull: false },
        sizeBytes: { type: DataTypes.INTEGER, allowNull: false },
        sha256: { type: DataTypes.TEXT, allowNull: false },
        fileCount: { type: DataTypes.INTEGER, allowNull: false },
        content: { type: DataTypes.BLOB },
        expiresAt: { type: DataTypes.DATE(3), allowNull: false },
        createdAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'artifacts', underscored: true, updatedAt: false },
    );
  }
}
