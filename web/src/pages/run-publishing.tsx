import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge, Card, Empty, ErrorNote, Field, Loading } from '../components/ui.tsx';
import { readable, when, words } from '../format.ts';
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
  const [confirming, setConfirming] = useState(false);
  // A publish is requested only after a dry run of the same registry passed (the newest one decides).
  const newestDryRun = [...(latest ? [latest] : []), ...(actions.data?.publishActions ?? [])].find(
    (a) => a.registry === registry && a.action === 'dry_run',
  );
  const cleared = newestDryRun !== undefined && !newestDryRun.checklist.some((c) => c.status === 'fail');

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
                <select
                  id={id}
                  value={registry}
                  onChange={(e) => {
                    setRegistry(e.target.value as Registry);
                    setConfirming(false);
                  }}
                >
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
              confirming ? (
                <span className="row confirm">
                  <button
                    type="button"
                    className="button button-primary"
                    onClick={() => {
                      publish.mutate({ runId, registry });
                      setConfirming(false);
                    }}
                    disabled={publish.isPending}
                  >
                    Yes, publish to {registry}
                  </button>
                  <button type="button" className="button" onClick={() => setConfirming(false)}>
                    Not now
                  </button>
                </span>
              ) : (
                <button
                  type="button"
                  className="button"
                  onClick={() => setConfirming(true)}
                  disabled={publish.isPending || !cleared}
                  aria-describedby="publish-why"
                >
                  Request publish
                </button>
              )
            ) : null}
          </form>
          {can('publishing:write') ? (
            <p className="hint" id="publish-why">
              {cleared
                ? 'The last dry run for this registry passed: a publish request asks once more before it goes.'
                : newestDryRun
                  ? 'The last dry run for this registry has failing checks: fix them (each says how) and run it again.'
                  : 'Run a dry run for this registry first: a publish is requested after one passes.'}
            </p>
          ) : null}
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
                      <details className="action-details">
                        <summary>
                          {a.checklist.filter((c) => c.status === 'pass').length}/{a.checklist.length} pass
                          <span className="visually-hidden">
                            {' '}
                            · open the checklist of {words(a.action)} {a.id}
                          </span>
                        </summary>
                        <Checklist action={a} />
                      </details>
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

/** For a failing check: what the person in front of the page can do about it. */
const WAY_FORWARD: Record<string, (registry: string) => string> = {
  registry_connection: (registry) =>
    `this service has no ${registry} account to publish with. Ask whoever runs the service to connect one (they set the registry token in its settings and restart it), then run the dry run again. Until then, download the package from the Artifacts tab and publish it yourself.`,
  run_verdict: () =>
    'the description has errors: open Diagnostics, fix them in the description, and start a new report.',
  run_finished: () => 'wait for the run to finish, then run the dry run again.',
  artifact_present: () => 'retry the run (its artifacts are rebuilt), then run the dry run again.',
  package_name: () => 'use the name the package is published under (scoped names such as @acme/sdk are fine).',
  version: () => 'give a version the registry accepts (1.2.3 for npm, 1.2.3 or 1.2.3rc1 for PyPI).',
  version_order: () => 'choose a version above the one published last.',
  docs_domain: () => "verify a docs domain on the project's Docs domains tab first.",
  explicit_approval: () => 'an owner or admin approves the request.',
};

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
              {c.detail ? <span className="muted small"> — {readable(c.detail)}</span> : null}
              {c.status === 'fail' && WAY_FORWARD[c.id] ? (
                <span className="way-forward small">What to do: {WAY_FORWARD[c.id]!(action.registry)}</span>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
