import type { Caller } from '../auth/caller.ts';
import type { Deps } from '../deps.ts';
import { recordPublishingAction, type PublishingRequest } from './record-publishing-action.ts';

/** A publishing dry-run: real checks of the run, its artifact, names and the registry connection. */
export async function publishDryRun(deps: Deps, caller: Caller, input: PublishingRequest) {
  return await recordPublishingAction(deps, caller, input, 'dry_run', []);
}
