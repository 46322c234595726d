import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import { useArtifactDocument } from '../artifacts.ts';
import { CodeView } from '../components/code-view.tsx';
import { Badge, Card, Empty, ErrorNote, Loading } from '../components/ui.tsx';
import type { Lang } from '../highlight.ts';
import { useTRPC } from '../trpc.ts';
import { Link } from 'react-router';
import { plural } from '../format.ts';

interface Place {
  pointer: string;
  line: number;
  column: number;
}
interface Diagnostic extends Place {
  ruleId: string;
  severity: 'error' | 'warning' | 'info';
  message: string;
  document?: 'openapi' | 'config';
  /** Every place of this one cause (the first is pointer/line/column); `count` has the total. */
  locations?: Place[];
  count?: number;
  /** `sdk`: changes what the generated SDKs do (a warning makes the run needs_review); `style`: does not. */
  impact?: 'sdk' | 'style';
  /** The severity the project set for this rule (`lint: rules:`). */
  configured?: 'error' | 'warn' | 'info';
  /** The rule's page on this service, `/rules/<ruleId>`. */
  docsUrl?: string;
}
interface ValidationReport {
  summary: { errors: number; warnings: number; infos: number; review?: number; style?: number; places?: number };
  diagnostics: Diagnostic[];
}

/**
 * The rule's documentation inside the app (`/help/rules/<ruleId>`, the service's `/rules/<ruleId>`
 * with the app around it): the report's link when it is one of ours (a same-origin path), else
 * built from the id.
 */
function docsHref(d: Pick<Diagnostic, 'ruleId' | 'docsUrl'>): string {
  if (d.docsUrl && /^\/rules\/[A-Za-z0-9%._-]+(\/[A-Za-z0-9%._-]+)*$/.test(d.docsUrl)) return `/help${d.docsUrl}`;
  return `/help/rules/${d.ruleId.split('/').map(encodeURIComponent).join('/')}`;
}

const SEVERITIES = ['error', 'warning', 'info'] as const;
const COUNT_KEY = { error: 'errors', warning: 'warnings', info: 'infos' } as const;
const SEVERITY_LABEL = { error: 'Errors', warning: 'Warnings', info: 'Notes' } as const;
/** Groups show this many diagnostics until "show all": a Stripe-sized report stays quick. */
const GROUP_PREVIEW = 25;

export function Diagnostics({ runId }: { runId: string }) {
  const {
    document: report,
    pending,
    error,
    artifact,
  } = useArtifactDocument<ValidationReport>(runId, 'validation_report');
  const [shown, setShown] = useState<Record<string, boolean>>({ error: true, warning: true, info: true });
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim().toLowerCase());

  const groups = useMemo(() => {
    const byKey = new Map<
      string,
      { ruleId: string; severity: Diagnostic['severity']; impact?: Diagnostic['impact']; items: Diagnostic[] }
    >();
    for (const d of report?.diagnostics ?? []) {
      if (!shown[d.severity]) continue;
      if (query && !`${d.ruleId} ${d.message} ${d.pointer}`.toLowerCase().includes(query)) continue;
      const key = `${d.severity}\u0000${d.ruleId}`;
      let group = byKey.get(key);
      if (!group) byKey.set(key, (group = { ruleId: d.ruleId, severity: d.severity, impact: d.impact, items: [] }));
      group.items.push(d);
    }
    const rank = { error: 0, warning: 1, info: 2 };
    return [...byKey.values()].sort(
      (a, b) =>
        rank[a.severity] - rank[b.severity] || b.items.length - a.items.length || a.ruleId.localeCompare(b.ruleId),
    );
  }, [report, shown, query]);

  if (pending) return <Loading label="Loading diagnostics…" />;
  if (error) return <ErrorNote error={error} />;
  if (!artifact || !report)
    return <Empty title="No validation report yet">The diagnostics appear when the validate step has finished.</Empty>;
  if (report.diagnostics.length === 0) return <Empty title="No diagnostics">The description passed every rule.</Empty>;
  const total = groups.reduce((n, g) => n + g.items.length, 0);

  return (
    <div className="stack">
      <div className="toolbar">
        <fieldset className="filters">
          <legend className="visually-hidden">Severity</legend>
          {SEVERITIES.map((s) => (
            <label key={s} className="check">
              <input
                type="checkbox"
                checked={!!shown[s]}
                onChange={(e) => setShown({ ...shown, [s]: e.target.checked })}
              />
              <Badge value={s} label={`${SEVERITY_LABEL[s]} ${report.summary[COUNT_KEY[s]]}`} />
            </label>
          ))}
        </fieldset>
        <label className="inline-field grow">
          <span>Filter</span>
          <input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="rule, message or JSON pointer"
          />
        </label>
        <span className="muted small" aria-live="polite">
          {total} shown in {plural(groups.length, 'rule')}
        </span>
      </div>
      {report.summary.review !== undefined && report.summary.warnings > 0 ? (
        <p className="muted small">
          {report.summary.review} of {plural(report.summary.warnings, 'warning')}{' '}
          {report.summary.review === 1 ? 'changes' : 'change'} what the SDKs do and{' '}
          {report.summary.review === 1 ? 'needs' : 'need'} a review; {report.summary.warnings - report.summary.review}{' '}
          {report.summary.warnings - report.summary.review === 1 ? 'is' : 'are'} style and{' '}
          {report.summary.warnings - report.summary.review === 1 ? 'does' : 'do'} not keep the run from ready.{' '}
          <Link to="/help/rules">About the rules and their settings</Link>
        </p>
      ) : null}
      {groups.length === 0 ? (
        <Empty title="Nothing matches the filter">
          Clear the filter text or tick more severities above to see diagnostics again.
        </Empty>
      ) : null}
      {groups.map((group) => (
        <DiagnosticGroup key={`${group.severity}:${group.ruleId}`} runId={runId} {...group} />
      ))}
    </div>
  );
}

function DiagnosticGroup({
  runId,
  ruleId,
  severity,
  impact,
  items,
}: {
  runId: string;
  ruleId: string;
  severity: Diagnostic['severity'];
  impact?: Diagnostic['impact'] | undefined;
  items: Diagnostic[];
}) {
  const [all, setAll] = useState(false);
  const visible = all ? items : items.slice(0, GROUP_PREVIEW);
  return (
    <Card
      className="diag-group"
      title={
        <>
          <Badge value={severity} /> <span className="mono">{ruleId}</span>{' '}
          {impact ? <span className="muted small">{impact === 'sdk' ? 'changes the SDK' : 'style'}</span> : null}{' '}
          <Link className="small" to={docsHref({ ruleId, docsUrl: items[0]?.docsUrl })}>
            Rule docs
          </Link>
        </>
      }
      actions={<span className="muted small">{items.length}</span>}
    >
      <ul className="diag-list">
        {visible.map((d, i) => (
          <DiagnosticItem key={i} runId={runId} diagnostic={d} />
        ))}
      </ul>
      {items.length > visible.length ? (
        <button type="button" className="button button-small" onClick={() => setAll(true)}>
          Show all {items.length}
        </button>
      ) : null}
    </Card>
  );
}

function DiagnosticItem({ runId, diagnostic: d }: { runId: string; diagnostic: Diagnostic }) {
  const [open, setOpen] = useState(false);
  return (
    <li className="diag">
      <details onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
        <summary>
          <span className="diag-message">
            {d.message}
            {d.count && d.count > 1 ? <span className="muted small"> ({d.count} places)</span> : null}
            {d.configured ? <span className="muted small"> (set to {d.configured} by the project)</span> : null}
          </span>
          <span className="diag-where mono muted small">
            {d.document === 'config' ? 'config ' : ''}
            {d.line > 0 ? `${d.line}:${d.column}` : 'no position'}
          </span>
        </summary>
        <div className="diag-detail">
          <p className="small">
            JSON pointer: <code className="break">{d.pointer === '' ? '(document root)' : d.pointer}</code>
          </p>
          {d.locations && d.locations.length > 1 ? (
            <div className="small">
              <p>
                Found in {d.count ?? d.locations.length} places
                {d.count && d.count > d.locations.length ? ` (the first ${d.locations.length} listed)` : ''}:
              </p>
              <ul className="diag-places">
                {d.locations.map((place, i) => (
                  <li key={i}>
                    <code className="break">{place.pointer === '' ? '(document root)' : place.pointer}</code>{' '}
                    <span className="muted">{place.line > 0 ? `${place.line}:${place.column}` : ''}</span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {open && d.line > 0 ? <Source runId={runId} diagnostic={d} /> : null}
        </div>
      </details>
    </li>
  );
}

function Source({ runId, diagnostic: d }: { runId: string; diagnostic: Diagnostic }) {
  const trpc = useTRPC();
  const source = useQuery({
    ...trpc.browse.source.queryOptions({ runId, line: d.line, context: 5, document: d.document ?? 'openapi' }),
    staleTime: Infinity,
  });
  if (source.isPending) return <Loading label="Loading the source…" />;
  if (source.error) return <ErrorNote error={source.error} />;
  return (
    <CodeView
      label={`Source around line ${d.line}`}
      code={source.data.lines.join('\n')}
      lang={source.data.language as Lang}
      firstLine={source.data.firstLine}
      mark={{ line: d.line, column: d.column }}
    />
  );
}
