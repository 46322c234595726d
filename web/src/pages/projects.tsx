import { useState } from 'react';
import { Link } from 'react-router';
import { Badge, Empty, ErrorNote, Loading, Page } from '../components/ui.tsx';
import { when, words } from '../format.ts';
import { useCan, useMe } from '../session.tsx';
import { usePaged } from '../paged.ts';
import { useTRPCClient } from '../trpc.ts';

export function Projects() {
  const client = useTRPCClient();
  const me = useMe();
  const can = useCan();
  const [status, setStatus] = useState<'all' | 'active' | 'archived'>('all');
  const projects = usePaged(['projects', status], (cursor) =>
    client.projects.list.query({ limit: 20, ...(status !== 'all' ? { status } : {}), ...(cursor ? { cursor } : {}) }),
  );
  const rows = projects.data?.pages.flatMap((p) => p.projects) ?? [];
  const used = me.entitlements.runsUsedThisPeriod;
  const allowed = me.entitlements.runsPerPeriod;
  return (
    <Page
      title="Projects"
      subtitle="Each project holds the reports run on one API's description, newest first."
      actions={
        can('runs:write') ? (
          <Link className="button button-primary" to="/new">
            New report
          </Link>
        ) : null
      }
    >
      <div className="stats">
        <div className="stat">
          <span className="stat-label">Plan</span>
          <span className="stat-value">{words(me.entitlements.plan)}</span>
        </div>
        <div className="stat">
          <span className="stat-label">Runs this month</span>
          <span className="stat-value">
            {used} <span className="muted small">of {allowed}</span>
          </span>
          <span className="meter" aria-hidden="true">
            <span style={{ width: `${Math.min(100, (used / Math.max(1, allowed)) * 100)}%` }} />
          </span>
        </div>
        <div className="stat">
          <span className="stat-label">Worker</span>
          <span className="stat-value">
            {me.capabilities.hostedWorker ? (
              <Badge value="active" label="Online" />
            ) : (
              <Badge value="needs_worker" label="Not seen" />
            )}
          </span>
        </div>
      </div>
      <div className="toolbar">
        <label className="inline-field">
          <span>Show</span>
          <select value={status} onChange={(e) => setStatus(e.target.value as typeof status)}>
            <option value="all">All projects</option>
            <option value="active">Active</option>
            <option value="archived">Archived</option>
          </select>
        </label>
      </div>
      {projects.isPending ? (
        <Loading />
      ) : projects.error ? (
        <ErrorNote error={projects.error} />
      ) : rows.length === 0 ? (
        <Empty title={status === 'archived' ? 'No archived projects' : 'No projects yet'}>
          {status === 'archived' ? (
            <p>Archive a project from its page to move it here; archived projects keep their runs.</p>
          ) : can('runs:write') ? (
            <>
              <p>
                Start a report on an OpenAPI description: <Link to="/new">New report</Link>. A project is created for
                it.
              </p>
              <p>
                No description at hand? <Link to="/new?sample=1">Try a sample description</Link>: a small pet shelter
                API, with its SDKs, CLI and docs in about a minute.
              </p>
            </>
          ) : (
            <p>Reports that members start appear here; ask an editor or admin to start one.</p>
          )}
        </Empty>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Project</th>
                <th scope="col">Mode</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Runs
                </th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => (
                <tr key={p.id}>
                  <td>
                    <Link to={`/projects/${p.id}`} className="strong-link">
                      {p.name}
                    </Link>
                    {p.apiName && p.apiName !== p.name ? <div className="muted small">{p.apiName}</div> : null}
                  </td>
                  <td>{p.mode ? words(p.mode) : '—'}</td>
                  <td>
                    <Badge value={p.status ?? 'created'} />
                  </td>
                  <td className="num">{p.runCount ?? 0}</td>
                  <td className="muted">{when(p.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {projects.hasNextPage ? (
        <button
          type="button"
          className="button"
          onClick={() => projects.fetchNextPage()}
          disabled={projects.isFetchingNextPage}
        >
          {projects.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </button>
      ) : null}
    </Page>
  );
}
