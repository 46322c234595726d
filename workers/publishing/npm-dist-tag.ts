import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { failure, type PublishOutcome } from './outcome.ts';
import { NpmSession } from './npm-session.ts';

export interface NpmDistTagInput {
  packageName: string;
  /** The version `latest` moves to (the previous publication). */
  version: string;
  /** The version it moves away from, for the record. */
  from: string;
  registry: string;
  token: string;
  timeoutMs: number;
}

/** An npm rollback: `npm dist-tag add <name>@<previous> latest`, then read the tags back. */
export async function npmDistTag(input: NpmDistTagInput): Promise<PublishOutcome> {
  const target: Record<string, unknown> = {
    registry: input.registry,
    packageName: input.packageName,
    version: input.version,
    from: input.from,
    tag: 'latest',
  };
  const workDir = await mkdtemp(join(tmpdir(), 'report-npm-tag-'));
  try {
    const session = await NpmSession.open(workDir, input.registry, input.token, input.timeoutMs);
    if (!session) return failure('tool_missing', 'npm is not installed on this worker.', target);
    const tagged = await session.run(['dist-tag', 'add', `${input.packageName}@${input.version}`, 'latest'], workDir);
    if (tagged.code !== 0)
      return NpmSession.failureOf(tagged, `npm dist-tag add ${input.packageName}@${input.version} latest`, target);
    const tags = await session.run(['view', input.packageName, 'dist-tags', '--json'], workDir);
    let distTags: Record<string, string> = {};
    try {
      distTags = JSON.parse(tags.stdout) as Record<string, string>;
    } catch {
      // the tag was set; reading it back is informative only
    }
    return {
      ok: true,
      summary: `latest of ${input.packageName} moved from ${input.from} back to ${input.version}.`,
      target: {
        ...target,
        distTags,
        url: `${input.registry}${input.packageName.replace('/', '%2f')}/${input.version}`,
      },
      registryResponse: { message: `dist-tags ${JSON.stringify(distTags)}` },
    };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
