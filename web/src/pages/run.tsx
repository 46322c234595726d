import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, Route, Routes, useLocation, useNavigate, useParams } from 'react-router';
import { CustomCodeCard } from '../components/custom-code-card.tsx';
import { Badge, Card, ErrorNote, Loading, NotFound, Page, Tabs, isNotFound } from '../components/ui.tsx';
import { duration, explainVerdict, stepLabel, when, words } from '../format.ts';
import { useCan } from '../session.tsx';
import { useTRPC } from '../trpc.ts';

const Diagnostics = lazy(() => import('./run-diagnostics.tsx').then((m) => ({ default: m.Diagnostics })));
const Artifacts = lazy(() => import('./run-artifacts.tsx').then((m) => ({ default: m.Artifacts })));
const ArtifactBrowser = lazy(() => import('./run-artifact-browser.tsx').then((m) => ({ default: m.ArtifactBrowser })));
const Compat = lazy(() => import('./run-compat.tsx').then((m) => ({ default: m.Compat })));
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
      <section className={`verdict verdict-${r.verdict ?? 'queued'}`} aria-live="polite">
        <div className="verdict-badges">
          <Badge value={r.status} />
          {r.verdict ? <Badge value={r.verdict} /> : null}
        </div>
        <p className="verdict-text">{explainVerdict(r.verdict)}</p>
      </section>
      <Tabs
        current={current}
        items={[
          { href: base, label: 'Steps' },
          { href: `${base}/diagnostics`, label: 'Diagnostics', count: diagnosticCount },
          { href: `${base}/artifacts`, label: 'Artifacts', count: r.artifactManifest?.artifacts?.length },
          { href: `${base}/compat`, label: 'Compatibility' },
          { href: `${base}/publishing`, label: 'Publishing' },
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
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </Page>
  );
}

type RunData = NonNullable<ReturnType<typeof useRun>['data']>['run'];

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
              {step.summary ? <p className="step-summary">{step.summary}</p> : null}
              {step.counts && Object.keys(step.counts).length ? (
                <ul className="counts">
                  {Object.entries(step.counts)
                    .slice(0, 8)
                    .map(([k, v]) => (
                      <li key={k}>
                        <span className="muted">{words(k)}</span> {v}
                      </li>
                    ))}
                </ul>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
      {run.notes ? <p className="hint">Notes: {run.notes}</p> : null}
    </Card>
  );
}
