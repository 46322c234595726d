import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

export class ApiKey extends Model<InferAttributes<ApiKey>, InferCreationAttributes<ApiKey>> {
  declare id: string;
  declare orgId: string;
  declare createdByUserId: string;
  declare name: string;
  declare tokenPrefix: string;
  /** Hex SHA-256 of the token; the token itself is never stored. */
  declare tokenHash: string;
  declare scopes: string[];
  declare lastUsedAt: CreationOptional<Date | null>;
  declare revokedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static setup(sequelize: Sequelize): void {
    ApiKey.init(
      {
        id: { type: DataTypes.TEXT, primaryKey: true },
        orgId: { type: DataTypes.TEXT, allowNull: false },
        createdByUserId: { type: DataTypes.TEXT, allowNull: false },
        name: { type: DataTypes.TEXT, allowNull: false },
        tokenPrefix: { type: DataTypes.TEXT, allowNull: false },
        tokenHash: { type: DataTypes.TEXT, allowNull: false, unique: true },
        scopes: { type: DataTypes.ARRAY(DataTypes.TEXT), allowNull: false },
        lastUsedAt: { type: DataTypes.DATE(3) },
        revokedAt: { type: DataTypes.DATE(3) },
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'api_keys', underscored: true },
    );
  }
}
