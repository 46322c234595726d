import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, Route, Routes, useLocation, useNavigate, useParams } from 'react-router';
import { CustomCodeCard } from '../components/custom-code-card.tsx';
import { Badge, Card, CopyButton, ErrorNote, Loading, NotFound, Page, Tabs, isNotFound } from '../components/ui.tsx';
import { countEntry, duration, explainVerdict, readable, reviewReasons, stepLabel, when, words } from '../format.ts';
import { useCan } from '../session.tsx';
import { useTRPC } from '../trpc.ts';

const Diagnostics = lazy(() => import('./run-diagnostics.tsx').then((m) => ({ default: m.Diagnostics })));
const Artifacts = lazy(() => import('./run-artifacts.tsx').then((m) => ({ default: m.Artifacts })));
const ArtifactBrowser = lazy(() => import('./run-artifact-browser.tsx').then((m) => ({ default: m.ArtifactBrowser })));
const Compat = lazy(() => import('./run-compat.tsx').then((m) => ({ default: m.Compat })));
const RunEditor = lazy(() => import('./run-edit.tsx').then((m) => ({ default: m.RunEditor })));
const Publishing = lazy(() => import('./run-publishing.tsx').then((m) => ({ default: m.Publishing })));

const LIVE = new Set(['queued', 'running']);

/** The run, polled every second while it is queued or running (and not at all afterwards). */
export function useRun(runId: string) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.runs.get.queryOptions({ runId }),
    refetchInterval: (query) => (query.state.data && LIVE.has(query.state.data.run.status) ? 1000 : false),
    staleTime: 0,
  });
}

export function RunPage() {
  const { runId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const trpc = useTRPC();
  const can = useCan();
  const queryClient = useQueryClient();
  const run = useRun(runId);
  const project = useQuery({
    ...trpc.projects.get.queryOptions({ projectId: run.data?.run.projectId ?? '' }),
    enabled: !!run.data,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.runs.get.queryKey({ runId }) });
  const cancel = useMutation(trpc.runs.cancel.mutationOptions({ onSuccess: refresh }));
  const retry = useMutation(trpc.runs.retry.mutationOptions({ onSuccess: (r) => navigate(`/runs/${r.run.id}`) }));

  if (run.isPending) return <Loading label="Loading the run…" />;
  if (isNotFound(run.error)) return <NotFound what="run" />;
  if (run.error)
    return (
      <div className="page">
        <ErrorNote error={run.error} />
      </div>
    );
  const r = run.data.run;
  const base = `/runs/${r.id}`;
  const steps = r.steps ?? [];
  const validate = steps.find((s) => s.name === 'validate');
  const diagnosticCount = validate?.counts
    ? (validate.counts.errors ?? 0) + (validate.counts.warnings ?? 0) + (validate.counts.infos ?? 0)
    : undefined;
  const sub = location.pathname.slice(base.length).split('/')[1] ?? '';
  const current = sub ? `${base}/${sub}` : base;
  const live = LIVE.has(r.status);
  const cancelable = ['queued', 'running', 'blocked'].includes(r.status);

  return (
    <Page
      crumbs={
        <>
          <Link to="/">Projects</Link>
          <span aria-hidden="true"> / </span>
          {project.data ? (
            <Link to={`/projects/${r.projectId}`}>{project.data.project.name}</Link>
          ) : (
            <span>Project</span>
          )}
          <span aria-hidden="true"> / </span>
          <span className="mono">{r.id}</span>
        </>
      }
      title={`Run ${r.id.slice(-6)}`}
      subtitle={
        <>
          {r.mode ? words(r.mode) : 'Report'} · {r.inputSummary?.openapiFileName ?? 'pasted description'} · started{' '}
          {when(r.createdAt)}
        </>
      }
      actions={
        can('runs:write') ? (
          <>
            {cancelable ? (
              <button
                type="button"
                className="button button-danger"
                onClick={() => cancel.mutate({ runId: r.id })}
                disabled={cancel.isPending}
              >
                Cancel run
              </button>
            ) : null}
            {!live ? (
              <button
                type="button"
                className="button"
                onClick={() => retry.mutate({ runId: r.id })}
                disabled={retry.isPending}
              >
                Retry
              </button>
            ) : null}
          </>
        ) : null
      }
    >
      <ErrorNote error={cancel.error ?? retry.error} />
      <Verdict run={r} base={base} />
      <Tabs
        current={current}
        items={[
          { href: base, label: 'Steps' },
          { href: `${base}/diagnostics`, label: 'Diagnostics', count: diagnosticCount },
          { href: `${base}/artifacts`, label: 'Artifacts', count: r.artifactManifest?.artifacts?.length },
          { href: `${base}/compat`, label: 'Compatibility' },
          { href: `${base}/publishing`, label: 'Publishing' },
          { href: `${base}/edit`, label: 'Edit and re-run' },
        ]}
      />
      <Suspense fallback={<Loading />}>
        <Routes>
          <Route
            index
            element={
              <>
                <Steps run={r} />
                <CustomCodeCard runId={r.id} />
              </>
            }
          />
          <Route path="diagnostics" element={<Diagnostics runId={r.id} />} />
          <Route path="artifacts" element={<Artifacts runId={r.id} />} />
          <Route path="artifacts/:artifactId" element={<ArtifactBrowser runId={r.id} />} />
          <Route path="compat" element={<Compat runId={r.id} />} />
          <Route path="publishing" element={<Publishing runId={r.id} />} />
          <Route path="edit" element={<RunEditor run={r} />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </Page>
  );
}

type RunData = NonNullable<ReturnType<typeof useRun>['data']>['run'];

/**
 * The run's state in words. While it is live the verdict is not decided yet, so the header says
 * how far it got (never a verdict the worker only set as a placeholder); a run that needs review
 * lists this run's own causes.
 */
function Verdict({ run, base }: { run: RunData; base: string }) {
  const steps = run.steps ?? [];
  const live = LIVE.has(run.status);
  const finished = steps.filter((s) => !['pending', 'running'].includes(s.status)).length;
  const current = steps.find((s) => s.status === 'running');
  const tone = live ? run.status : (run.verdict ?? run.status);
  const reasons = !live && run.verdict === 'needs_review' ? reviewReasons(steps) : [];
  return (
    <section className={`verdict verdict-${tone}`} aria-live="polite" aria-label="Verdict">
      <div className="verdict-badges">
        <Badge value={run.status} />
        {!live && run.verdict ? <Badge value={run.verdict} /> : null}
      </div>
      <div className="verdict-text">
        {run.status === 'queued' ? (
          <p>{explainVerdict('queued')}</p>
        ) : live ? (
          <p>
            Running: {finished} of {steps.length} steps finished
            {current ? `; now ${stepLabel(current.name)}` : ''}. The verdict comes when every step has ended.
          </p>
        ) : run.verdict === 'needs_review' && reasons.length > 0 ? (
          <>
            <p>Needs review: this run finished, and these need a look before you publish.</p>
            <ul className="reasons" aria-label="Why this run needs review">
              {reasons.map((reason) => (
                <li key={reason.text}>
                  {reason.text}{' '}
                  {reason.tab ? (
                    <Link to={`${base}/${reason.tab}`}>{reason.tab === 'compat' ? 'See the changes' : 'See them'}</Link>
                  ) : null}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p>{explainVerdict(run.verdict)}</p>
        )}
      </div>
    </section>
  );
}

function Steps({ run }: { run: RunData }) {
  const steps = run.steps ?? [];
  if (steps.length === 0) {
    return (
      <Card>
        <p className="muted">
          {run.status === 'queued'
            ? 'Waiting for a worker to pick this run up. The steps appear here as they start.'
            : 'This run has no recorded steps.'}
        </p>
      </Card>
    );
  }
  const finished = steps.filter((s) => !['pending', 'running'].includes(s.status)).length;
  return (
    <Card
      title="Steps"
      actions={
        <span className="muted small">
          {finished} of {steps.length} finished{LIVE.has(run.status) ? ' · updating live' : ''}
        </span>
      }
    >
      <span className="meter meter-wide" aria-hidden="true">
        <span style={{ width: `${(finished / steps.length) * 100}%` }} />
      </span>
      <ol className="steps" aria-label="Pipeline steps">
        {steps.map((step) => (
          <li key={step.name} className={`step step-${step.status}`} data-step={step.name} data-status={step.status}>
            <span className={`step-dot step-dot-${step.status}`} aria-hidden="true" />
            <div className="step-body">
              <div className="step-head">
                <strong>{stepLabel(step.name)}</strong>
                <Badge value={step.status} />
                <span className="muted small step-time">
                  {step.durationMs !== undefined
                    ? duration(step.durationMs)
                    : step.status === 'running'
                      ? 'running…'
                      : ''}
                </span>
              </div>
              {step.summary ? <p className="step-summary">{readable(step.summary)}</p> : null}
              {step.counts && Object.keys(step.counts).length ? (
                <ul className="counts">
                  {Object.entries(step.counts)
                    .slice(0, 8)
                    .map(([k, v]) => {
                      const [label, value] = countEntry(k, v);
                      return (
                        <li key={k}>
                          <span className="muted">{label}</span> {value}
                        </li>
                      );
                    })}
                </ul>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
      {run.notes ? <p className="hint">Notes: {run.notes}</p> : null}
      {LIVE.has(run.status) ? null : <NextRun run={run} />}
    </Card>
  );
}

/**
 * After a run: how to start the next one without the browser, with an API key (curl, and a CI job
 * that runs on every push). The snippets name this project; the key is a placeholder to fill in.
 */
function NextRun({ run }: { run: RunData }) {
  const origin = window.location.origin;
  const file = run.inputSummary?.openapiFileName ?? 'openapi.yaml';
  const curl = [
    `curl -X POST ${origin}/api/reports/start \\`,
    '  -H "Authorization: Bearer $REPORT_SERVICE_KEY" \\',
    '  -H "Content-Type: application/json" \\',
    `  --data "$(jq -n --rawfile text ${file} '{projectId: "${run.projectId}", openapiText: $text}')"`,
  ].join('\n');
  const ci = [
    'on: push',
    'jobs:',
    '  report:',
    '    runs-on: ubuntu-latest',
    '    steps:',
    '      - uses: actions/checkout@v4',
    '      - env:',
    '          REPORT_SERVICE_KEY: ${{ secrets.REPORT_SERVICE_KEY }}',
    '        run: |',
    ...curl.split('\n').map((line) => `          ${line}`),
  ].join('\n');
  return (
    <details className="next-run">
      <summary>Start the next run from a terminal or CI</summary>
      <p className="small">
        Create a key with the <code>runs:write</code> scope under <Link to="/workspace/keys">API keys</Link>, put it in{' '}
        <code>REPORT_SERVICE_KEY</code>, then from the folder that holds <code>{file}</code>:
      </p>
      <div className="snippet">
        <pre className="mono small" tabIndex={0}>
          {curl}
        </pre>
        <CopyButton text={curl} label="Copy the curl command" />
      </div>
      <p className="small">In GitHub Actions (a run on every push; the key is a repository secret):</p>
      <div className="snippet">
        <pre className="mono small" tabIndex={0}>
          {ci}
        </pre>
        <CopyButton text={ci} label="Copy the workflow" />
      </div>
    </details>
  );
}
