import { Artifact, DocsDomain, PublishingAction } from '../../../db/models/index.ts';
import { unpackArtifact } from '../../../workers/for-api.ts';

type FileMap = Map<string, Buffer>;

/** What a Host asks for: not a docs domain here, a docs domain with nothing to serve, or its site. */
export type PublishedDocs =
  | { kind: 'not_a_docs_domain' }
  | { kind: 'nothing'; reason: string }
  | { kind: 'site'; files: FileMap; runId: string };

const cache = new Map<string, FileMap>();
const CACHE_ENTRIES = 16;

/**
 * The site a docs domain serves: the domain must be verified, and the site is the latest published
 * docs action of the domain's own project (a rollback serves the run it restores). A domain of
 * another workspace's project never serves this workspace's docs: the project comes from the row.
 */
export async function publishedDocsFiles(hostname: string): Promise<PublishedDocs> {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  // A hostname may be pending in several workspaces but verified in at most one (the last proof).
  const domain = await DocsDomain.findOne({ where: { domain: name, status: 'verified' } });
  if (!domain)
    return (await DocsDomain.count({ where: { domain: name } }))
      ? { kind: 'nothing', reason: 'This domain is not verified.' }
      : { kind: 'not_a_docs_domain' };
  const latest = await PublishingAction.findOne({
    where: {
      orgId: domain.orgId,
      projectId: domain.projectId,
      registry: 'docs',
      action: ['publish', 'rollback'],
      state: 'published',
    },
    order: [['publishedAt', 'DESC']],
  });
  if (!latest) return { kind: 'nothing', reason: 'No docs are published on this domain.' };
  const restored =
    latest.action === 'rollback' && latest.restores ? await PublishingAction.findByPk(latest.restores) : null;
  const runId = restored?.runId ?? latest.runId;
  const artifact = await Artifact.findOne({ where: { orgId: domain.orgId, runId, kind: 'docs' } });
  if (!artifact?.objectKey) return { kind: 'nothing', reason: 'The published docs are gone.' };
  const hit = cache.get(artifact.id);
  if (hit) {
    cache.delete(artifact.id);
    cache.set(artifact.id, hit);
    return { kind: 'site', files: hit, runId };
  }
  const files = await unpackArtifact(await artifact.readContent());
  cache.set(artifact.id, files);
  for (const key of cache.keys()) {
    if (cache.size <= CACHE_ENTRIES) break;
    cache.delete(key);
  }
  return { kind: 'site', files, runId };
}
