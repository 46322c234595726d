import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useArtifactDocument } from '../artifacts.ts';
import { Badge, Card, Empty, ErrorNote, Loading } from '../components/ui.tsx';
import { when, words } from '../format.ts';
import { useTRPC } from '../trpc.ts';

interface MethodDiff {
  status: 'kept' | 'renamed' | 'changed' | 'removed' | 'added';
  oldId?: string;
  newId?: string;
  endpoint?: string;
  oldCall?: string;
  newCall?: string;
  changes: { message: string }[];
  reason?: string;
}
interface Named {
  kept: string[];
  removed: string[];
  added: string[];
}
interface CompatReport {
  sdk?: {
    resources?: Named;
    models?: Named;
    errors?: Named;
    clientOptions?: Named;
    oldLanguage: string;
    newLanguage: string;
    counts: Record<string, number>;
    methods: MethodDiff[];
    risk: {
      level: 'low' | 'medium' | 'high';
      score: number;
      explanation: string;
      factors: { label: string; count: number; points: number }[];
    };
  };
  description?: {
    /** `potentiallyBreaking` is absent in reports made before the level existed. */
    counts: { breaking: number; potentiallyBreaking?: number; nonBreaking: number; info: number };
    changes: {
      id: string;
      level: string;
      oasdiff?: string;
      operation?: string;
      where?: string;
      property?: string;
      message: string;
    }[];
    oldVersion?: string;
    newVersion?: string;
  };
}

const STATUS_TONE: Record<MethodDiff['status'], string> = {
  kept: 'passed',
  renamed: 'info',
  changed: 'warning',
  removed: 'failed',
  added: 'generated',
};
const RISK_TONE = { low: 'passed', medium: 'warning', high: 'failed' } as const;

const LEVELS = [
  { level: 'breaking', title: 'Breaking', tone: 'failed' },
  { level: 'potentially-breaking', title: 'Potentially breaking', tone: 'needs_review' },
  { level: 'non-breaking', title: 'Non-breaking', tone: 'passed' },
  { level: 'info', title: 'Informational', tone: 'info' },
] as const;

/** The parts of the SDK besides its methods that the risk counts: each removed or added name, listed. */
const SURFACE = [
  { key: 'models', label: 'Model types' },
  { key: 'errors', label: 'Error classes' },
  { key: 'clientOptions', label: 'Client options' },
  { key: 'resources', label: 'Resources' },
] as const;

/** The run of the same project just before this one: the one whose description this run is compared with. */
function usePreviousRun(runId: string) {
  const trpc = useTRPC();
  const run = useQuery(trpc.runs.get.queryOptions({ runId }));
  const projectId = run.data?.run.projectId ?? '';
  const runs = useQuery({ ...trpc.projects.runs.queryOptions({ projectId, limit: 100 }), enabled: !!projectId });
  const createdAt = run.data?.run.createdAt;
  if (!createdAt || !runs.data) return undefined;
  return runs.data.runs
    .filter((r) => r.id !== runId && r.createdAt < createdAt)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
}

export function Compat({ runId }: { runId: string }) {
  const { document: report, pending, error, artifact } = useArtifactDocument<CompatReport>(runId, 'compat_diff');
  const previous = usePreviousRun(runId);
  const [showKept, setShowKept] = useState(false);
  if (pending) return <Loading label="Loading the compatibility diff…" />;
  if (error) return <ErrorNote error={error} />;
  if (!artifact || !report || (!report.sdk && !report.description)) {
    return (
      <Empty title="No compatibility diff for this run">
        Start a report with your current SDK as the “old SDK” (partner migration mode), or run a project twice to
        compare descriptions.
      </Empty>
    );
  }
  const sdk = report.sdk;
  const kept = sdk?.methods.filter((m) => m.status === 'kept').length ?? 0;
  const methods = sdk ? (showKept ? sdk.methods : sdk.methods.filter((m) => m.status !== 'kept')) : [];
  const surface = sdk
    ? SURFACE.map((part) => ({ ...part, diff: sdk[part.key] })).filter(
        (part) => part.diff && (part.diff.removed.length > 0 || part.diff.added.length > 0),
      )
    : [];
  return (
    <div className="stack">
      {sdk ? (
        <>
          <Card
            title={
              <>
                Migration risk{' '}
                <Badge value={RISK_TONE[sdk.risk.level]} label={`${words(sdk.risk.level)} · ${sdk.risk.score}`} />
              </>
            }
          >
            <p>{sdk.risk.explanation}</p>
            {sdk.risk.factors.some((f) => f.count > 0) ? (
              <>
                <h3 className="small">Why this level</h3>
                <ul className="counts" aria-label="Risk factors">
                  {sdk.risk.factors
                    .filter((f) => f.count > 0)
                    .map((f) => (
                      <li key={f.label}>
                        <span className="muted">{f.label}</span> {f.count} → {f.points} points
                      </li>
                    ))}
                </ul>
              </>
            ) : null}
          </Card>
          <div className="stats">
            {(['kept', 'renamed', 'changed', 'removed', 'added'] as const).map((k) => (
              <div className="stat" key={k}>
                <span className="stat-label">{words(k)}</span>
                <span className="stat-value">{sdk.counts[k] ?? 0}</span>
              </div>
            ))}
          </div>
          {surface.length > 0 ? (
            <Card title="Models, error classes and client options">
              <ul className="surface" aria-label="Other changes to the SDK">
                {surface.flatMap((part) => [
                  ...part.diff!.removed.map((name) => (
                    <li key={`${part.key}-removed-${name}`}>
                      <Badge value="failed" label="Removed" /> <span className="muted">{part.label}:</span>{' '}
                      <code>{name}</code>
                    </li>
                  )),
                  ...part.diff!.added.map((name) => (
                    <li key={`${part.key}-added-${name}`}>
                      <Badge value="generated" label="Added" /> <span className="muted">{part.label}:</span>{' '}
                      <code>{name}</code>
                    </li>
                  )),
                ])}
              </ul>
            </Card>
          ) : null}
          <Card
            title={`Methods (${sdk.oldLanguage} → ${sdk.newLanguage})`}
            actions={
              kept > 0 ? (
                <label className="check small">
                  <input type="checkbox" checked={showKept} onChange={(e) => setShowKept(e.target.checked)} /> Show the{' '}
                  {kept} kept {kept === 1 ? 'method' : 'methods'}
                </label>
              ) : null
            }
          >
            {methods.length === 0 ? <p className="muted">Every method is kept as it was.</p> : null}
            <div className="table-wrap" tabIndex={0} role="region" aria-label="Methods, old and new">
              <table className="table table-compact">
                <thead>
                  <tr>
                    <th scope="col">Status</th>
                    <th scope="col">Old call ({sdk.oldLanguage}, today)</th>
                    <th scope="col">New call</th>
                    <th scope="col">Why</th>
                  </tr>
                </thead>
                <tbody>
                  {methods.map((m, i) => (
                    <tr key={i} data-status={m.status}>
                      <td>
                        <Badge value={STATUS_TONE[m.status]} label={words(m.status)} />
                      </td>
                      <td>
                        <code className="break">{m.oldCall ?? m.oldId ?? '—'}</code>
                      </td>
                      <td>
                        <code className="break">{m.newCall ?? m.newId ?? '—'}</code>
                      </td>
                      <td className="small">
                        {m.reason ?? m.changes.map((c) => c.message).join('; ')}
                        {m.endpoint ? <div className="muted mono">{m.endpoint}</div> : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Card>
        </>
      ) : null}
      {report.description ? (
        <Card
          title={`Description changes: ${report.description.counts.breaking} breaking, ${report.description.counts.potentiallyBreaking ?? 0} potentially breaking, ${report.description.counts.nonBreaking} non-breaking`}
        >
          <p className="small">
            Compared with{' '}
            {previous ? (
              <>
                the run before this one, <Link to={`/runs/${previous.id}`}>run {previous.id.slice(-6)}</Link> (
                {when(previous.createdAt)})
              </>
            ) : (
              "the project's previous run"
            )}
            {report.description.oldVersion || report.description.newVersion
              ? `: version ${report.description.oldVersion ?? '?'} → ${report.description.newVersion ?? '?'}`
              : ''}
            .
          </p>
          {report.description.changes.length === 0 ? (
            <p className="muted">No changes from the previous run's description.</p>
          ) : (
            LEVELS.map(({ level, title, tone }) => {
              const changes = report.description!.changes.filter((c) => c.level === level);
              if (changes.length === 0) return null;
              return (
                <section key={level} className="change-level" aria-label={`${title} changes`}>
                  <h3 className="small">
                    <Badge value={tone} label={title} /> {changes.length}
                  </h3>
                  <ul className="diag-list">
                    {changes.map((c, i) => (
                      <li
                        key={i}
                        className="diag-line"
                        {...(c.oasdiff !== undefined ? { title: `oasdiff rule ${c.oasdiff}` } : {})}
                      >
                        {c.operation ? <span className="mono small">{c.operation}</span> : null}
                        {c.where ? <span className="muted small"> · {c.where}</span> : null}
                        {c.property ? (
                          <>
                            {' '}
                            · <code className="small">{c.property}</code>
                          </>
                        ) : null}{' '}
                        {c.message}
                      </li>
                    ))}
                  </ul>
                </section>
              );
            })
          )}
        </Card>
      ) : null}
    </div>
  );
}
