import { DocsDomain } from '../../../db/models/index.ts';
import type { ChecklistEntry } from '../../../db/models/publishing-action.ts';
import type { Config } from '../../../shared/config.ts';

/** What a publish or rollback needs beyond a dry-run: the operator's approval; for docs, a verified domain. */
export async function publicationChecks(
  config: Config,
  registry: string,
  orgId: string,
  projectId: string,
): Promise<ChecklistEntry[]> {
  const checks: ChecklistEntry[] = [
    {
      id: 'explicit_approval',
      label: 'Publishing approved for this service',
      status: config.publishing.approved ? 'pass' : 'fail',
      detail: config.publishing.approved
        ? 'Approved (PUBLISH_APPROVED).'
        : 'Publishing needs explicit approval (PUBLISH_APPROVED=true) by the operator.',
    },
  ];
  if (registry === 'docs') {
    const domains = await DocsDomain.findAll({
      where: { orgId, projectId, status: 'verified' },
      order: [['domain', 'ASC']],
    });
    checks.push({
      id: 'docs_domain',
      label: 'A verified docs domain for the project',
      status: domains.length ? 'pass' : 'fail',
      detail: domains.length
        ? `Served at ${domains.map((d) => `https://${d.domain}/`).join(', ')}${config.publishing.docsIndexable ? ' (indexable: PUBLISH_DOCS_INDEXABLE)' : ' (noindex until PUBLISH_DOCS_INDEXABLE=true)'}.`
        : 'Add a domain to the project and verify it (POST /api/projects/{projectId}/domains, then …/verify).',
    });
  }
  return checks;
}
