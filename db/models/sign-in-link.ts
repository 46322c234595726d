import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

/** A one-time, short-lived sign-in token for the web app (local-dev prints one per start). */
export class SignInLink extends Model<InferAttributes<SignInLink>, InferCreationAttributes<SignInLink>> {
  declare id: string;
  declare tokenHash: string;
  declare orgId: string;
  declare userId: string;
  declare expiresAt: Date;
  declare usedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;

  static setup(sequelize: Sequelize): void {
    SignInLink.init(
      {
        id: { type: DataTypes.TEXT, primaryKey: true },
        tokenHash: { type: DataTypes.TEXT, allowNull: false, unique: true },
        orgId: { type: DataTypes.TEXT, allowNull: false },
        userId: { type: DataTypes.TEXT, allowNull: false },
        expiresAt: { type: DataTypes.DATE(3), allowNull: false },
        usedAt: { type: DataTypes.DATE(3) },
        createdAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'sign_in_links', underscored: true, updatedAt: false },
    );
  }
}
