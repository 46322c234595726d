import type { Sequelize } from 'sequelize';
import { bindObjectStore } from '../storage/bound-store.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { PostgresObjectStore } from '../storage/postgres-store.ts';
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
import { ProjectRepository } from './project-repository.ts';
import { PublishingAction } from './publishing-action.ts';
import { Run } from './run.ts';
import { RunInput } from './run-input.ts';
import { SdkGeneration } from './sdk-generation.ts';
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
  ProjectRepository,
  PublishingAction,
  Run,
  RunInput,
  SdkGeneration,
  SignInLink,
  User,
  WorkerHeartbeat,
};

/** Binds every model class to one Sequelize instance, and the object store their bytes live in (default: that database). */
export function setupModels(sequelize: Sequelize, store: ObjectStore = new PostgresObjectStore(sequelize)): void {
  bindObjectStore(store);
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
    ProjectRepository,
    PublishingAction,
    Run,
    RunInput,
    SdkGeneration,
    SignInLink,
    User,
    WorkerHeartbeat,
  ]) {
    model.setup(sequelize);
  }
}
