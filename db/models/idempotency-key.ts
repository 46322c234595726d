import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

/** The first response to a request sent with an `Idempotency-Key`, replayed for repeats. */
export class IdempotencyKey extends Model<InferAttributes<IdempotencyKey>, InferCreationAttributes<IdempotencyKey>> {
  declare orgId: string;
  declare key: string;
  declare requestHash: string;
  declare response: unknown;
  declare createdAt: CreationOptional<Date>;

  static setup(sequelize: Sequelize): void {
    IdempotencyKey.init(
      {
        orgId: { type: DataTypes.TEXT, primaryKey: true },
        key: { type: DataTypes.TEXT, primaryKey: true },
        requestHash: { type: DataTypes.TEXT, allowNull: false },
        response: { type: DataTypes.JSONB, allowNull: false },
        createdAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'idempotency_keys', underscored: true, updatedAt: false },
    );
  }
}
