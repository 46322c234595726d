import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import type { MemberStatus } from '../../shared/enums.ts';
import type { Role } from '../../shared/scopes.ts';

export class Member extends Model<InferAttributes<Member>, InferCreationAttributes<Member>> {
  declare id: string;
  declare orgId: string;
  declare userId: CreationOptional<string | null>;
  declare email: string;
  declare role: Role;
  declare status: MemberStatus;
  declare invitedByUserId: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static setup(sequelize: Sequelize): void {
    Member.init(
      {
        id: { type: DataTypes.TEXT, primaryKey: true },
        orgId: { type: DataTypes.TEXT, allowNull: false },
        userId: { type: DataTypes.TEXT },
        email: { type: DataTypes.TEXT, allowNull: false },
        role: { type: DataTypes.TEXT, allowNull: false },
        status: { type: DataTypes.TEXT, allowNull: false },
        invitedByUserId: { type: DataTypes.TEXT },
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'members', underscored: true },
    );
  }
}
