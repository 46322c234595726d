import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

export class DocsDomain extends Model<InferAttributes<DocsDomain>, InferCreationAttributes<DocsDomain>> {
  declare id: string;
  declare orgId: string;
  declare projectId: string;
  declare domain: string;
  declare status: 'pending' | 'verified' | 'failed';
  declare verificationToken: string;
  declare cnameTarget: string;
  declare lastVerifiedAt: CreationOptional<Date | null>;
  /** Why the last verification failed; null when verified or never checked. */
  declare failureReason: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static setup(sequelize: Sequelize): void {
    DocsDomain.init(
      {
        id: { type: DataTypes.TEXT, primaryKey: true },
        orgId: { type: DataTypes.TEXT, allowNull: false },
        projectId: { type: DataTypes.TEXT, allowNull: false },
        domain: { type: DataTypes.TEXT, allowNull: false },
        status: { type: DataTypes.TEXT, allowNull: false },
        verificationToken: { type: DataTypes.TEXT, allowNull: false },
        cnameTarget: { type: DataTypes.TEXT, allowNull: false },
        lastVerifiedAt: { type: DataTypes.DATE(3) },
        failureReason: { type: DataTypes.TEXT },
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'docs_domains', underscored: true },
    );
  }
}
