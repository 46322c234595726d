import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePaged } from '../paged.ts';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Badge, Card, Empty, ErrorNote, Field, Loading, NotFound, Page, Tabs, isNotFound } from '../components/ui.tsx';
import { duration, when, words } from '../format.ts';
import { useCan } from '../session.tsx';
import { useTRPC, useTRPCClient } from '../trpc.ts';

// The settings page carries CodeMirror: its own chunk, loaded when the tab is opened.
const ProjectSettingsForm = lazy(() =>
  import('./project-settings.tsx').then((m) => ({ default: m.ProjectSettingsForm })),
);

export function ProjectPage() {
  const { projectId = '' } = useParams();
  const location = useLocation();
  const trpc = useTRPC();
  const can = useCan();
  const queryClient = useQueryClient();
  const project = useQuery(trpc.projects.get.queryOptions({ projectId }));
  const invalidate = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.projects.pathKey() }),
      queryClient.invalidateQueries({ queryKey: ['paged'] }),
    ]);
  const archive = useMutation(trpc.projects.archive.mutationOptions({ onSuccess: invalidate }));
  const unarchive = useMutation(trpc.projects.update.mutationOptions({ onSuccess: invalidate }));
  if (project.isPending) return <Loading />;
  if (isNotFound(project.error)) return <NotFound what="project" />;
  if (project.error)
    return (
      <div className="page">
        <ErrorNote error={project.error} />
      </div>
    );
  const p = project.data.project;
  const base = `/projects/${p.id}`;
  const section = location.pathname.endsWith('/domains')
    ? 'domains'
    : location.pathname.endsWith('/settings')
      ? 'settings'
      : 'runs';
  const archived = p.status === 'archived';
  return (
    <Page
      crumbs={
        <>
          <Link to="/">Projects</Link>
          <span aria-hidden="true"> / </span>
          <span>{p.name}</span>
        </>
      }
      title={p.name}
      subtitle={
        <>
          {p.mode ? words(p.mode) : 'Project'} · created {when(p.createdAt)} · <Badge value={p.status ?? 'created'} />
        </>
      }
      actions={
        <>
          {can('runs:write') && !archived ? (
            <Link className="button button-primary" to={`/new?projectId=${p.id}`}>
              New report
            </Link>
          ) : null}
          {can('projects:write') ? (
            archived ? (
              <button
                type="button"
                className="button"
                onClick={() => unarchive.mutate({ projectId: p.id, status: 'active' })}
                disabled={unarchive.isPending}
              >
                Unarchive
              </button>
            ) : (
              <button
                type="button"
                className="button"
                onClick={() => archive.mutate({ projectId: p.id })}
                disabled={archive.isPending}
              >
                Archive
              </button>
            )
          ) : null}
        </>
      }
    >
      <ErrorNote error={archive.error ?? unarchive.error} />
      <Tabs
        current={section === 'runs' ? base : `${base}/${section}`}
        items={[
          { href: base, label: 'Runs', count: p.runCount },
          { href: `${base}/domains`, label: 'Docs domains' },
          { href: `${base}/settings`, label: 'Settings' },
        ]}
      />
      {section === 'runs' ? (
        <ProjectRuns projectId={p.id} />
      ) : section === 'domains' ? (
        <Domains projectId={p.id} />
      ) : (
        <Suspense fallback={<Loading />}>
          <ProjectSettingsForm project={p} />
        </Suspense>
      )}
    </Page>
  );
}

function ProjectRuns({ projectId }: { projectId: string }) {
  const client = useTRPCClient();
  const runs = usePaged(['runs', projectId], (cursor) =>
    client.projects.runs.query({ projectId, limit: 20, ...(cursor ? { cursor } : {}) }),
  );
  const rows = runs.data?.pages.flatMap((page) => page.runs) ?? [];
  if (runs.isPending) return <Loading />;
  if (runs.error) return <ErrorNote error={runs.error} />;
  if (rows.length === 0) return <Empty title="No runs yet">Start a report on this project to see its runs here.</Empty>;
  return (
    <>
      {rows.length >= 2 ? (
        <p>
          <Link className="button" to={`/projects/${projectId}/compare`}>
            Compare runs
          </Link>{' '}
          <span className="muted small">
            What changed between two versions: the description, its operations, the generated SDK.
          </span>
        </p>
      ) : null}
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Run</th>
              <th scope="col">Status</th>
              <th scope="col">Verdict</th>
              <th scope="col">Mode</th>
              <th scope="col">Description</th>
              <th scope="col">Started</th>
              <th scope="col" className="num">
                Took
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((run) => (
              <tr key={run.id}>
                <td>
                  <Link className="mono strong-link" to={`/runs/${run.id}`}>
                    {run.id}
                  </Link>
                </td>
                <td>
                  <Badge value={run.status} />
                </td>
                <td>{run.verdict ? <Badge value={run.verdict} /> : '—'}</td>
                <td>{run.mode ? words(run.mode) : '—'}</td>
                <td className="muted">{run.inputSummary?.openapiFileName ?? 'pasted'}</td>
                <td className="muted">{when(run.createdAt)}</td>
                <td className="num muted">
                  {run.completedAt
                    ? duration(new Date(run.completedAt).getTime() - new Date(run.createdAt).getTime())
                    : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {runs.hasNextPage ? (
        <button type="button" className="button" onClick={() => runs.fetchNextPage()}>
          Load more
        </button>
      ) : null}
    </>
  );
}

function Domains({ projectId }: { projectId: string }) {
  const trpc = useTRPC();
  const can = useCan();
  const queryClient = useQueryClient();
  const [domain, setDomain] = useState('');
  const domains = useQuery(trpc.domains.list.queryOptions({ projectId }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.domains.list.queryKey({ projectId }) });
  const add = useMutation(
    trpc.domains.add.mutationOptions({
      onSuccess: () => {
        setDomain('');
        void refresh();
      },
    }),
  );
  const verify = useMutation(trpc.domains.verify.mutationOptions({ onSettled: refresh }));
  const remove = useMutation(trpc.domains.remove.mutationOptions({ onSuccess: refresh }));
  return (
    <div className="stack">
      {can('domains:write') ? (
        <Card title="Add a docs domain">
          <form
            className="row-form"
            onSubmit={(e) => {
              e.preventDefault();
              add.mutate({ projectId, domain });
            }}
          >
            <Field label="Domain" hint="A hostname you control, such as docs.example.com.">
              {(id, hintId) => (
                <input
                  id={id}
                  aria-describedby={hintId}
                  value={domain}
                  onChange={(e) => setDomain(e.target.value)}
                  placeholder="docs.example.com"
                />
              )}
            </Field>
            <button type="submit" className="button button-primary" disabled={add.isPending || !domain.trim()}>
              Add domain
            </button>
          </form>
          <ErrorNote error={add.error} />
        </Card>
      ) : null}
      <ErrorNote error={verify.error ?? remove.error} />
      {domains.isPending ? (
        <Loading />
      ) : domains.error ? (
        <ErrorNote error={domains.error} />
      ) : domains.data.domains.length === 0 ? (
        <Empty title="No docs domains">
          Add a domain, set the two DNS records it shows, then verify it to publish this project's docs there.
        </Empty>
      ) : (
        domains.data.domains.map((d) => {
          const checks = verify.data?.domain.id === d.id ? verify.data.checks : undefined;
          return (
            <Card
              key={d.id}
              title={
                <>
                  {d.domain} <Badge value={d.status} />
                </>
              }
              actions={
                <div className="row">
                  {can('domains:write') ? (
                    <button
                      type="button"
                      className="button button-small"
                      onClick={() => verify.mutate({ projectId, domainId: d.id })}
                      disabled={verify.isPending}
                    >
                      Verify
                    </button>
                  ) : null}
                  {can('domains:write') ? (
                    <button
                      type="button"
                      className="button button-small button-danger"
                      onClick={() => remove.mutate({ projectId, domainId: d.id })}
                    >
                      Remove
                    </button>
                  ) : null}
                </div>
              }
            >
              <p className="muted small">Set these DNS records at your DNS provider, then verify.</p>
              <table className="table table-compact">
                <thead>
                  <tr>
                    <th scope="col">Type</th>
                    <th scope="col">Name</th>
                    <th scope="col">Value</th>
                    <th scope="col">Check</th>
                  </tr>
                </thead>
                <tbody>
                  <tr>
                    <td>TXT</td>
                    <td className="mono">_report-verify.{d.domain}</td>
                    <td className="mono break">{d.verificationToken}</td>
                    <td>
                      {checks ? (
                        <Badge
                          value={checks.txt.ok ? 'pass' : 'fail'}
                          title={checks.txt.error ?? `found: ${checks.txt.found.join(', ') || 'nothing'}`}
                        />
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                  <tr>
                    <td>CNAME</td>
                    <td className="mono">{d.domain}</td>
                    <td className="mono">{d.cnameTarget}</td>
                    <td>
                      {checks ? (
                        <Badge
                          value={checks.cname.ok ? 'pass' : 'fail'}
                          title={checks.cname.error ?? `found: ${checks.cname.found.join(', ') || 'nothing'}`}
                        />
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                </tbody>
              </table>
              {checks ? (
                <ul className="checks">
                  {[checks.txt, checks.cname].map((c) => (
                    <li key={c.name}>
                      {c.ok ? '✓' : '✗'} {c.name}: expected <code>{c.expected}</code>, found{' '}
                      {c.found.length ? c.found.map((f) => <code key={f}>{f}</code>) : 'nothing'}
                      {c.error ? ` (${c.error})` : ''}
                    </li>
                  ))}
                </ul>
              ) : null}
              {d.failureReason ? <p className="hint">Last check: {d.failureReason}</p> : null}
            </Card>
          );
        })
      )}
    </div>
  );
}
