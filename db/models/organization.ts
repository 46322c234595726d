import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import type { Plan } from '../../shared/enums.ts';

export class Organization extends Model<InferAttributes<Organization>, InferCreationAttributes<Organization>> {
  declare id: string;
  declare name: string;
  declare plan: CreationOptional<Plan>;
  declare subscriptionStatus: CreationOptional<string | null>;
  declare stripeCustomerId: CreationOptional<string | null>;
  declare stripeSubscriptionId: CreationOptional<string | null>;
  /** When the last applied payment-provider event was created; older events are not applied. */
  declare billingEventAt: CreationOptional<Date | null>;
  /** The identity provider's organization id (AUTH_PROVIDER=idp), once linked. */
  declare idpOrgId: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static setup(sequelize: Sequelize): void {
    Organization.init(
      {
        id: { type: DataTypes.TEXT, primaryKey: true },
        name: { type: DataTypes.TEXT, allowNull: false },
        plan: { type: DataTypes.TEXT, allowNull: false, defaultValue: 'free' },
        subscriptionStatus: { type: DataTypes.TEXT },
        stripeCustomerId: { type: DataTypes.TEXT },
        stripeSubscriptionId: { type: DataTypes.TEXT },
        billingEventAt: { type: DataTypes.DATE(3) },
        idpOrgId: { type: DataTypes.TEXT, unique: true },
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'organizations', underscored: true },
    );
  }
}
