import type { Sequelize } from 'sequelize';
import { ApiKey } from './api-key.ts';
import { Artifact } from './artifact.ts';
import { BillingEvent } from './billing-event.ts';
import { BrowserSession } from './browser-session.ts';
import { DocsDomain } from './docs-domain.ts';
import { DocsShare } from './docs-share.ts';
import { IdempotencyKey } from './idempotency-key.ts';
import { Member } from './member.ts';
import { Organization } from './organization.ts';
import { Project } from './project.ts';
import { PublishingAction } from './publishing-action.ts';
import { Run } from './run.ts';
import { RunInput } from './run-input.ts';
import { SignInLink } from './sign-in-link.ts';
import { User } from './user.ts';
import { WorkerHeartbeat } from './worker-heartbeat.ts';

export {
  ApiKey,
  Artifact,
  BillingEvent,
  BrowserSession,
  DocsDomain,
  DocsShare,
  IdempotencyKey,
  Member,
  Organization,
  Project,
  PublishingAction,
  Run,
  RunInput,
  SignInLink,
  User,
  WorkerHeartbeat,
};

/** Binds every model class to one Sequelize instance. */
export function setupModels(sequelize: Sequelize): void {
  for (const model of [
    ApiKey,
    Artifact,
    BillingEvent,
    BrowserSession,
    DocsDomain,
    DocsShare,
    IdempotencyKey,
    Member,
    Organization,
    Project,
    PublishingAction,
    Run,
    RunInput,
    SignInLink,
    User,
    WorkerHeartbeat,
  ]) {
    model.setup(sequelize);
  }
}
