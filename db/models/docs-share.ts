import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

/** A run's hosted docs preview: public (unguessable id), noindex, until `expiresAt`. */
export class DocsShare extends Model<InferAttributes<DocsShare>, InferCreationAttributes<DocsShare>> {
  declare id: string;
  declare orgId: string;
  declare projectId: string;
  declare runId: string;
  declare artifactId: string;
  declare publishingActionId: string;
  declare expiresAt: Date;
  declare createdAt: CreationOptional<Date>;

  static setup(sequelize: Sequelize): void {
    DocsShare.init(
      {
        id: { type: DataTypes.TEXT, primaryKey: true },
        orgId: { type: DataTypes.TEXT, allowNull: false },
        projectId: { type: DataTypes.TEXT, allowNull: false },
        runId: { type: DataTypes.TEXT, allowNull: false, unique: true },
        artifactId: { type: DataTypes.TEXT, allowNull: false },
        publishingActionId: { type: DataTypes.TEXT, allowNull: false },
        expiresAt: { type: DataTypes.DATE(3), allowNull: false },
        createdAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'docs_shares', underscored: true, updatedAt: false },
    );
  }
}
