import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeTree } from '../pipeline/check-with-tool.ts';
import { failure, type PublishOutcome } from './outcome.ts';
import { NpmSession } from './npm-session.ts';
import { prepareTypeScriptPackage } from './prepare-typescript-package.ts';

export interface NpmPublishInput {
  files: Map<string, Buffer>;
  packageName: string;
  version: string;
  registry: string;
  token: string;
  timeoutMs: number;
  /** A retried attempt: first ask the registry whether the same tarball is already there. */
  resumed: boolean;
  /** This version's CHANGELOG entry (Markdown, without its heading), shipped as CHANGELOG.md, and its date (fixed per action: a retried pack must give the same tarball). */
  changelog?: { entry: string; date: Date };
}

/**
 * `npm pack` of the SDK (named and versioned as requested, dist/ built when missing), then
 * `npm publish` of that tarball with the `latest` tag. A version the registry already has is a
 * `version_exists` failure, reported once and not retried.
 */
export async function npmPublish(input: NpmPublishInput): Promise<PublishOutcome> {
  const registryUrl = input.registry;
  const target: Record<string, unknown> = {
    registry: registryUrl,
    packageName: input.packageName,
    version: input.version,
    tag: 'latest',
  };
  const workDir = await mkdtemp(join(tmpdir(), 'report-npm-publish-'));
  try {
    const session = await NpmSession.open(workDir, registryUrl, input.token, input.timeoutMs);
    if (!session) return failure('tool_missing', 'npm is not installed on this worker.', target);
    const dir = await writeTree(
      [...input.files].map(([path, content]) => ({ path, content })),
      'report-npm-package-',
    );
    try {
      const problem = await prepareTypeScriptPackage(
        dir,
        input.packageName,
        input.version,
        input.timeoutMs,
        input.changelog,
      );
      if (problem) return failure('build_failed', `The package could not be prepared: ${problem}.`, target);
      const packed = await session.run(['pack', '--json', '--pack-destination', workDir], dir);
      if (packed.code !== 0)
        return failure(
          'build_failed',
          `npm pack failed: ${packed.stderr.trim().split('\n').slice(-2).join(' ')}`,
          target,
        );
      const [info] = JSON.parse(packed.stdout) as Array<{
        filename: string;
        integrity: string;
        shasum: string;
        size: number;
        entryCount: number;
      }>;
      if (!info) return failure('build_failed', 'npm pack answered nothing.', target);
      Object.assign(target, {
        tarball: info.filename,
        integrity: info.integrity,
        shasum: info.shasum,
        size: info.size,
        files: info.entryCount,
      });
      const url = `${registryUrl}${input.packageName.replace('/', '%2f')}/${input.version}`;
      if (input.resumed) {
        const seen = await session.run(
          ['view', `${input.packageName}@${input.version}`, 'dist.integrity', '--json'],
          workDir,
        );
        if (seen.code === 0 && seen.stdout.includes(info.integrity)) {
          return {
            ok: true,
            summary: `${input.packageName}@${input.version} was already on the registry with the same tarball (an earlier attempt published it).`,
            target: { ...target, url },
            registryResponse: { message: 'already published, same integrity' },
          };
        }
      }
      const published = await session.run(
        ['publish', join(workDir, info.filename), '--json', '--tag', 'latest', '--access', 'public'],
        workDir,
      );
      if (published.code !== 0)
        return NpmSession.failureOf(published, `npm publish ${input.packageName}@${input.version}`, target);
      return {
        ok: true,
        summary: `Published ${input.packageName}@${input.version} to ${registryUrl} (dist-tag latest).`,
        target: { ...target, url },
        registryResponse: { message: 'published' },
      };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
