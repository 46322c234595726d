import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../trpc.ts';
import { Badge, Card, ErrorNote } from './ui.tsx';

const SOURCE: Record<string, string> = {
  old_sdk_text: 'the SDK you sent',
  repository: 'your connected repository',
  none: 'nothing',
};
const LANGUAGE: Record<string, string> = { typescript: 'TypeScript', python: 'Python', go: 'Go' };

/** Conflicts to resolve, else edits merged cleanly, else custom files carried (nothing to merge). */
function outcome(report: { conflicts: unknown[]; merged: string[] }): { value: string; label: string } {
  if (report.conflicts.length) return { value: 'warning', label: `${report.conflicts.length} conflicts` };
  if (report.merged.length) return { value: 'passed', label: 'merged cleanly' };
  return { value: 'passed', label: 'carried' };
}

/**
 * "Your code" on a run: the custom files carried into each SDK, the edits merged, the conflicts
 * by file and hunk, and the release pull request a publish opened (docs/custom-code-and-release-prs.md).
 * Renders nothing for a run that had none of the customer's code and no pull request.
 */
export function CustomCodeCard({ runId }: { runId: string }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.runs.customCode.queryOptions({ runId }));
  if (query.isPending) return null;
  if (query.error) return <ErrorNote error={query.error} title="Your code" />;
  const { reports, pullRequest } = query.data;
  if (reports.length === 0 && !pullRequest) return null;
  return (
    <Card title="Your code">
      {pullRequest ? (
        <p>
          Release pull request{' '}
          <a href={pullRequest.url} target="_blank" rel="noreferrer noopener">
            #{pullRequest.number}
          </a>{' '}
          from <code>{pullRequest.branch}</code>: merging it approves the release.
        </p>
      ) : null}
      {reports.map((report) => (
        <section key={report.language} aria-label={`Your ${LANGUAGE[report.language] ?? report.language} code`}>
          <h3 className="small">
            {LANGUAGE[report.language] ?? report.language} <Badge {...outcome(report)} />
          </h3>
          <p className="muted">
            From {SOURCE[report.source] ?? report.source}
            {report.baseRunId ? `, merged against the generation of run ${report.baseRunId}` : ''}.
          </p>
          <FileList label="Carried byte for byte" paths={report.carried} />
          <FileList label="Your edits merged" paths={report.merged} />
          <FileList label="Your added files kept" paths={report.added} />
          <FileList
            label="npm packages your code imports, added to package.json"
            paths={(report.dependencies ?? []).map((d) => `${d.name}@${d.range}`)}
          />
          {report.dependencyInstall && report.dependencyInstall !== 'installed' ? (
            <p role="note">{sentence(report.dependencyInstall)}</p>
          ) : null}
          {report.conflicts.length ? (
            <>
              <h4 className="small">Conflicts to resolve (the files carry conflict markers)</h4>
              <ul aria-label="Conflicts">
                {report.conflicts.map((conflict) => (
                  <li key={conflict.path}>
                    <code>{conflict.path}</code>{' '}
                    {conflict.kind === 'removed_by_generation'
                      ? 'is no longer generated; your edited copy was kept'
                      : conflict.hunks.map((h) => `lines ${h.startLine}–${h.endLine}`).join(', ')}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {!report.baseAvailable && report.notCarried.length ? (
            <>
              <p role="note">
                No generation you received earlier is known, so edits outside the custom folders could not be carried.{' '}
                {report.notCarried.length} of your files {report.notCarried.length === 1 ? 'differs' : 'differ'} from
                the new generation:
              </p>
              <FileList label="Your files that differ, not carried" paths={report.notCarried} />
            </>
          ) : null}
        </section>
      ))}
    </Card>
  );
}

/** The step's words as a sentence: capital first letter, full stop at the end. */
function sentence(text: string): string {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

function FileList({ label, paths }: { label: string; paths: string[] }) {
  if (paths.length === 0) return null;
  return (
    <>
      <h4 className="small">{label}</h4>
      <ul aria-label={label}>
        {paths.map((path) => (
          <li key={path}>
            <code>{path}</code>
          </li>
        ))}
      </ul>
    </>
  );
}
