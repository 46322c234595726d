import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge, Card, Empty, ErrorNote, Field, Loading } from '../components/ui.tsx';
import { when, words } from '../format.ts';
import { useCan } from '../session.tsx';
import { useTRPC } from '../trpc.ts';

const REGISTRIES = [
  { value: 'npm', label: 'npm (TypeScript SDK)' },
  { value: 'pypi', label: 'PyPI (Python SDK)' },
  { value: 'github', label: 'GitHub (SDK repositories)' },
  { value: 'docs', label: 'Docs (verified docs domain)' },
] as const;
type Registry = (typeof REGISTRIES)[number]['value'];

export function Publishing({ runId }: { runId: string }) {
  const trpc = useTRPC();
  const can = useCan();
  const queryClient = useQueryClient();
  const [registry, setRegistry] = useState<Registry>('npm');
  const actions = useQuery(trpc.browse.publishing.queryOptions({ runId }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.browse.publishing.queryKey({ runId }) });
  const dryRun = useMutation(trpc.publishing.dryRun.mutationOptions({ onSuccess: refresh }));
  const publish = useMutation(trpc.publishing.publish.mutationOptions({ onSuccess: refresh }));
  const latest = dryRun.data?.publishAction;

  return (
    <div className="stack">
      {can('publishing:dry_run') ? (
        <Card title="Dry run">
          <p className="muted small">
            Checks what a publish would do, without publishing: package names, versions, credentials, approvals.
          </p>
          <form
            className="row-form"
            onSubmit={(e) => {
              e.preventDefault();
              dryRun.mutate({ runId, registry });
            }}
          >
            <Field label="Registry">
              {(id) => (
                <select id={id} value={registry} onChange={(e) => setRegistry(e.target.value as Registry)}>
                  {REGISTRIES.map((r) => (
                    <option key={r.value} value={r.value}>
                      {r.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <button type="submit" className="button button-primary" disabled={dryRun.isPending}>
              {dryRun.isPending ? 'Checking…' : 'Run dry run'}
            </button>
            {can('publishing:write') ? (
              <button
                type="button"
                className="button"
                onClick={() => publish.mutate({ runId, registry })}
                disabled={publish.isPending}
              >
                Request publish
              </button>
            ) : null}
          </form>
          <ErrorNote error={dryRun.error ?? publish.error} />
          {latest ? <Checklist action={latest} /> : null}
          {publish.data ? (
            <p className="hint">
              Publish request {publish.data.publishAction.id}: <Badge value={publish.data.publishAction.status} />
            </p>
          ) : null}
        </Card>
      ) : (
        <div className="alert alert-info" role="note">
          Your role can see publishing results but not run a dry run.
        </div>
      )}
      <Card title="Requests and dry runs">
        {actions.isPending ? (
          <Loading />
        ) : actions.error ? (
          <ErrorNote error={actions.error} />
        ) : actions.data.publishActions.length === 0 ? (
          <Empty title="No dry runs or publish requests yet">
            {can('publishing:dry_run')
              ? 'Choose a registry above and run a dry run to see its checklist.'
              : 'Ask an editor or admin to run a dry run; its checklist appears here.'}
          </Empty>
        ) : (
          <div className="table-wrap">
            <table className="table table-compact">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Registry</th>
                  <th scope="col">Action</th>
                  <th scope="col">Package</th>
                  <th scope="col">Status</th>
                  <th scope="col">Checks</th>
                </tr>
              </thead>
              <tbody>
                {actions.data.publishActions.map((a) => (
                  <tr key={a.id}>
                    <td className="muted">{when(a.createdAt)}</td>
                    <td>{a.registry}</td>
                    <td>{words(a.action)}</td>
                    <td className="mono">
                      {a.packageName ?? '—'}
                      {a.version ? `@${a.version}` : ''}
                    </td>
                    <td>
                      <Badge value={a.status} />
                    </td>
                    <td className="small">
                      {a.checklist.filter((c) => c.status === 'pass').length}/{a.checklist.length} pass
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </div>
  );
}

function Checklist({
  action,
}: {
  action: {
    registry: string;
    status: string;
    checklist: { id: string; label: string; status: 'pass' | 'fail' | 'warn'; detail?: string | undefined }[];
  };
}) {
  return (
    <div className="checklist">
      <h3>
        {action.registry}: <Badge value={action.status} />
      </h3>
      <ul>
        {action.checklist.map((c) => (
          <li key={c.id} className={`check-${c.status}`}>
            <Badge value={c.status} />
            <span>
              <strong>{c.label}</strong>
              {c.detail ? <span className="muted small"> — {c.detail}</span> : null}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
