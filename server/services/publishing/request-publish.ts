import type { Caller } from '../auth/caller.ts';
import type { Deps } from '../deps.ts';
import { recordPublishingAction, type PublishingRequest } from './record-publishing-action.ts';

/**
 * A publish request is recorded and stays `blocked` until registry connections and explicit
 * approval are configured. This build has no registry publisher, and says so in the checklist.
 */
export async function requestPublish(deps: Deps, caller: Caller, input: PublishingRequest) {
  return await recordPublishingAction(deps, caller, input, 'publish', [
    {
      id: 'explicit_approval',
      label: 'Publishing approved for this workspace',
      status: deps.config.publishing.approved ? 'pass' : 'fail',
      detail: deps.config.publishing.approved ? 'Approved (PUBLISH_APPROVED).' : 'Publishing needs explicit approval (PUBLISH_APPROVED=true) by the operator.',
    },
    {
      id: 'publisher_available',
      label: 'A registry publisher',
      status: 'fail',
      detail: 'Registry publishing is not part of this service version; the request is recorded for when it is.',
    },
  ]);
}
