import { useArtifactDocument } from '../artifacts.ts';
import { Badge, Card, Empty, ErrorNote, Loading } from '../components/ui.tsx';
import { words } from '../format.ts';

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
interface CompatReport {
  sdk?: {
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
    changes: { id: string; level: string; oasdiff?: string; operation?: string; message: string }[];
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

export function Compat({ runId }: { runId: string }) {
  const { document: report, pending, error, artifact } = useArtifactDocument<CompatReport>(runId, 'compat_diff');
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
          <Card title={`Methods (${sdk.oldLanguage} → ${sdk.newLanguage})`}>
            <div className="table-wrap">
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
                  {sdk.methods.map((m, i) => (
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
          {report.description.changes.length === 0 ? (
            <p className="muted">No changes from the previous run's description.</p>
          ) : (
            <ul className="diag-list">
              {report.description.changes.map((c, i) => (
                <li key={i} className="diag-line">
                  <Badge
                    value={
                      c.level === 'breaking'
                        ? 'failed'
                        : c.level === 'potentially-breaking'
                          ? 'needs_review'
                          : c.level === 'info'
                            ? 'info'
                            : 'passed'
                    }
                    label={words(c.level)}
                    {...(c.oasdiff !== undefined ? { title: `oasdiff rule ${c.oasdiff}` } : {})}
                  />{' '}
                  <span className="mono small">{c.operation ?? ''}</span> {c.message}
                </li>
              ))}
            </ul>
          )}
        </Card>
      ) : null}
    </div>
  );
}
