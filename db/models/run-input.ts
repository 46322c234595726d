import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

/** The raw texts a run was started with, retained for retries until `expiresAt`. */
export class RunInput extends Model<InferAttributes<RunInput>, InferCreationAttributes<RunInput>> {
  declare id: string;
  declare orgId: string;
  declare openapiText: string;
  declare configText: string | null;
  declare oldSdkText: string | null;
  declare docsSourceText: string | null;
  declare createdAt: CreationOptional<Date>;
  declare expiresAt: Date;

  static setup(sequelize: Sequelize): void {
    RunInput.init(
      {
        id: { type: DataTypes.TEXT, primaryKey: true },
        orgId: { type: DataTypes.TEXT, allowNull: false },
        openapiText: { type: DataTypes.TEXT, allowNull: false },
        configText: { type: DataTypes.TEXT },
        oldSdkText: { type: DataTypes.TEXT },
        docsSourceText: { type: DataTypes.TEXT },
        createdAt: DataTypes.DATE(3),
        expiresAt: { type: DataTypes.DATE(3), allowNull: false },
      },
      { sequelize, tableName: 'run_inputs', underscored: true, updatedAt: false },
    );
  }
}
