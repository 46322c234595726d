import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Badge, Card, CopyButton, Empty, ErrorNote, Field, Loading, NotFound, Page } from '../components/ui.tsx';
import { when, words } from '../format.ts';
import { useCan, useMe } from '../session.tsx';
import { ROLE_RANK, ROLES, type Role, SCOPES } from '../../../shared/scopes.ts';
import { useTRPC, type RouterInputs } from '../trpc.ts';

type Scope = NonNullable<RouterInputs['apiKeys']['create']['scopes']>[number];

const RANK = ROLE_RANK;
/** Every scope in the order the contract lists them (shared/scopes.ts, the server's own list). */
const ALL_SCOPES: Scope[] = [...SCOPES];
const DEFAULT_SCOPES: Scope[] = ['workspace:read', 'projects:write', 'runs:write', 'artifacts:read'];

/** What each role may do, in a sentence (the scopes behind them are in shared/scopes.ts). */
const ROLE_MEANING: Record<Role, string> = {
  owner: 'everything, including billing and other owners',
  admin: 'everything but owners: members, API keys, billing, publishing, projects and runs',
  editor: 'start reports, manage projects, run dry runs, and read everything',
  viewer: 'read projects, runs, reports and artifacts; change nothing',
};

/** What became of an invitation, in words: sent, or recorded with how the person gets in. */
function invitationNote(
  email: string,
  role: Role,
  delivery: { status: string; message?: string | undefined; reason?: string | undefined } | undefined,
): string {
  const head = `Invited ${email} as ${words(role).toLowerCase()}.`;
  if (!delivery) return head;
  if (delivery.status === 'sent') return `${head} The invitation email was sent.`;
  if (delivery.status === 'failed')
    return `${head} The invitation email could not be sent${delivery.message ? `: ${delivery.message}` : ''}. The invitation is recorded; send it again later or tell them to sign in.`;
  return `${head} This service sends no email: tell them to sign in at ${window.location.origin}/sign-in with ${email}; the invitation is waiting for them.`;
}

export function Workspace() {
  const { section = '' } = useParams();
  if (section === 'members')
    return (
      <Page title="Members" subtitle="Who can use this workspace, and with which role.">
        <Members />
      </Page>
    );
  if (section === 'keys')
    return (
      <Page
        title="API keys"
        subtitle="Tokens for the REST API, CI and SDKs. A key can do what its scopes and its creator's role both allow."
      >
        <ApiKeys />
      </Page>
    );
  if (section === 'billing')
    return (
      <Page title="Billing" subtitle="Your plan, what it includes, and this month's usage.">
        <Billing />
      </Page>
    );
  return <NotFound />;
}

function Members() {
  const trpc = useTRPC();
  const me = useMe();
  const can = useCan();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('editor');
  const members = useQuery(trpc.members.list.queryOptions({}));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.members.list.queryKey({}) });
  const [invited, setInvited] = useState<string | undefined>();
  const invite = useMutation(
    trpc.members.invite.mutationOptions({
      onSuccess: (result) => {
        setEmail('');
        setInvited(invitationNote(result.member.email, result.member.role, result.invitationDelivery));
        void refresh();
      },
    }),
  );
  const update = useMutation(trpc.members.update.mutationOptions({ onSettled: refresh }));
  const myRole = me.entitlements.role as Role;
  const manage = can('members:write');
  // Roles this member may hand out: never above their own; only an owner grants owner.
  const grantable = ROLES.filter((r) => RANK[r] <= RANK[myRole] && (r !== 'owner' || myRole === 'owner'));

  return (
    <div className="stack">
      {manage ? (
        <Card title="Invite a member">
          <form
            className="row-form"
            onSubmit={(e) => {
              e.preventDefault();
              invite.mutate({ email, role });
            }}
          >
            <Field label="Email">
              {(id) => (
                <input
                  id={id}
                  type="email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  placeholder="teammate@example.com"
                  required
                />
              )}
            </Field>
            <Field label="Role">
              {(id) => (
                <select id={id} value={role} onChange={(e) => setRole(e.target.value as Role)}>
                  {grantable.map((r) => (
                    <option key={r} value={r}>
                      {words(r)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <button type="submit" className="button button-primary" disabled={invite.isPending}>
              Send invite
            </button>
          </form>
          <ErrorNote error={invite.error} title="The invite failed" />
          {invited && !invite.error ? (
            <div className="alert alert-success" role="status">
              {invited}
            </div>
          ) : null}
          <RoleLegend roles={grantable} />
        </Card>
      ) : (
        <RoleLegend roles={ROLES} />
      )}
      <ErrorNote error={update.error} title="The change was refused" />
      {members.isPending ? (
        <Loading />
      ) : members.error ? (
        <ErrorNote error={members.error} />
      ) : members.data.members.length === 0 ? (
        <Empty title="No members yet">
          {manage
            ? 'Invite a teammate above: they appear here with their role.'
            : 'Ask an owner or admin to invite your teammates.'}
        </Empty>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Member</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">Since</th>
                {manage ? (
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {members.data.members.map((m) => {
                const self = m.userId === me.user.id;
                const touchable =
                  manage && !self && m.status !== 'removed' && (m.role !== 'owner' || myRole === 'owner');
                return (
                  <tr key={m.id}>
                    <td>
                      {m.email}
                      {self ? <span className="muted small"> (you)</span> : null}
                    </td>
                    <td>
                      {touchable ? (
                        <label className="inline-field cell-field">
                          {/* A visible label; its hidden end names the member for screen readers. */}
                          <span>
                            Role<span className="visually-hidden"> of {m.email}</span>
                          </span>
                          <select
                            value={m.role}
                            onChange={(e) => update.mutate({ memberId: m.id, role: e.target.value as Role })}
                            disabled={update.isPending}
                          >
                            {ROLES.filter((r) => grantable.includes(r) || r === m.role).map((r) => (
                              <option key={r} value={r}>
                                {words(r)}
                              </option>
                            ))}
                          </select>
                        </label>
                      ) : (
                        words(m.role)
                      )}
                    </td>
                    <td>
                      <Badge value={m.status} />
                    </td>
                    <td className="muted">{when(m.createdAt)}</td>
                    {manage ? (
                      <td className="actions">
                        {touchable ? (
                          <button
                            type="button"
                            className="button button-small button-danger"
                            onClick={() => update.mutate({ memberId: m.id, status: 'removed' })}
                            aria-label={`Remove ${m.email}`}
                          >
                            Remove
                          </button>
                        ) : null}
                      </td>
                    ) : null}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function RoleLegend({ roles }: { roles: readonly Role[] }) {
  return (
    <details className="roles">
      <summary>What each role can do</summary>
      <dl>
        {roles.map((r) => (
          <div key={r}>
            <dt>{words(r)}</dt>
            <dd>{ROLE_MEANING[r]}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

function ApiKeys() {
  const trpc = useTRPC();
  const me = useMe();
  const can = useCan();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Scope[]>(DEFAULT_SCOPES.filter((s) => me.entitlements.scopes.includes(s)));
  const keys = useQuery({ ...trpc.apiKeys.list.queryOptions({}), enabled: can('api_keys:read') });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey({}) });
  const create = useMutation(
    trpc.apiKeys.create.mutationOptions({
      onSuccess: () => {
        setName('');
        void refresh();
      },
    }),
  );
  // Revoking asks once more, in the row: the key stops working at once for whatever uses it.
  const [confirming, setConfirming] = useState<string | undefined>();
  const revoke = useMutation(
    trpc.apiKeys.revoke.mutationOptions({
      onSuccess: (_result, input) => {
        setConfirming(undefined);
        // The token of the key just revoked is no use to copy: the box goes.
        if (create.data?.apiKey.id === input.keyId) create.reset();
        void refresh();
      },
    }),
  );
  const available = ALL_SCOPES.filter((s) => me.entitlements.scopes.includes(s));
  if (!can('api_keys:read'))
    return (
      <div className="alert alert-info" role="note">
        Your role cannot see API keys.
      </div>
    );

  return (
    <div className="stack">
      {can('api_keys:write') ? (
        <Card title="Create a key">
          <form
            className="stack"
            onSubmit={(e) => {
              e.preventDefault();
              create.mutate({ name: name.trim() || 'Web app key', scopes });
            }}
          >
            <Field label="Name" hint="What uses it, e.g. “CI on main”.">
              {(id, hintId) => (
                <input id={id} aria-describedby={hintId} value={name} onChange={(e) => setName(e.target.value)} />
              )}
            </Field>
            <fieldset className="scopes">
              <legend>Scopes</legend>
              {available.map((s) => (
                <label key={s} className="check">
                  <input
                    type="checkbox"
                    checked={scopes.includes(s)}
                    onChange={(e) => setScopes(e.target.checked ? [...scopes, s] : scopes.filter((x) => x !== s))}
                  />
                  <code>{s}</code>
                </label>
              ))}
            </fieldset>
            <div>
              <button
                type="submit"
                className="button button-primary"
                disabled={create.isPending || scopes.length === 0}
              >
                Create key
              </button>
            </div>
          </form>
          <ErrorNote error={create.error} />
          {create.data ? (
            <div className="alert alert-success" role="status">
              <p>
                <strong>Copy this token now.</strong> It is shown once; only its hash is stored.
              </p>
              <div className="share">
                <code className="token break" data-testid="new-token">
                  {create.data.token}
                </code>
                <CopyButton text={create.data.token} />
              </div>
            </div>
          ) : null}
        </Card>
      ) : null}
      <ErrorNote error={revoke.error} title="Revoking failed" />
      {keys.isPending ? (
        <Loading />
      ) : keys.error ? (
        <ErrorNote error={keys.error} />
      ) : keys.data.apiKeys.length === 0 ? (
        <Empty title="No API keys yet">
          {can('api_keys:write')
            ? 'Create one above: name it after what will use it, pick its scopes, and copy the token it shows once.'
            : 'Ask an owner or admin to create one for your CI or SDK.'}
        </Empty>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Prefix</th>
                <th scope="col">Scopes</th>
                <th scope="col">Last used</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.data.apiKeys.map((k) => (
                <tr key={k.id}>
                  <td>{k.name}</td>
                  <td className="mono">{k.tokenPrefix}…</td>
                  <td className="small">{k.scopes.length === ALL_SCOPES.length ? 'all' : k.scopes.join(', ')}</td>
                  <td className="muted">{when(k.lastUsedAt)}</td>
                  <td>{k.revokedAt ? <Badge value="revoked" /> : <Badge value="active" />}</td>
                  <td className="actions">
                    {!k.revokedAt && can('api_keys:write') ? (
                      confirming === k.id ? (
                        <span className="row confirm">
                          <span className="small">Whatever uses it stops working.</span>
                          <button
                            type="button"
                            className="button button-small button-danger"
                            onClick={() => revoke.mutate({ keyId: k.id })}
                            disabled={revoke.isPending}
                          >
                            Yes, revoke {k.name}
                          </button>
                          <button
                            type="button"
                            className="button button-small"
                            onClick={() => setConfirming(undefined)}
                          >
                            Keep it
                          </button>
                        </span>
                      ) : (
                        <button
                          type="button"
                          className="button button-small button-danger"
                          aria-label={`Revoke ${k.name}`}
                          onClick={() => setConfirming(k.id)}
                        >
                          Revoke
                        </button>
                      )
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function Billing() {
  const trpc = useTRPC();
  const me = useMe();
  const can = useCan();
  const checkout = useMutation(
    trpc.billing.checkout.mutationOptions({ onSuccess: (r) => window.location.assign(r.url) }),
  );
  const e = me.entitlements;
  return (
    <div className="stack">
      <div className="stats">
        <div className="stat">
          <span className="stat-label">Plan</span>
          <span className="stat-value">{words(e.plan)}</span>
        </div>
        <div className="stat">
          <span className="stat-label">Runs this month</span>
          <span className="stat-value">
            {e.runsUsedThisPeriod} <span className="muted small">of {e.runsPerPeriod}</span>
          </span>
        </div>
        <div className="stat">
          <span className="stat-label">Largest description</span>
          <span className="stat-value">{Math.round(e.maxOpenapiBytes / 1024 / 1024)} MB</span>
        </div>
        <div className="stat">
          <span className="stat-label">Period</span>
          <span className="stat-value small">
            {new Date(e.periodStart).toLocaleDateString()} – {new Date(e.periodEnd).toLocaleDateString()}
          </span>
        </div>
      </div>
      {me.billing.subscriptionStatus ? (
        <p>
          Subscription:{' '}
          <Badge
            value={me.billing.subscriptionStatus === 'active' ? 'active' : 'warning'}
            label={words(me.billing.subscriptionStatus)}
          />
        </p>
      ) : null}
      <Card title="Upgrade">
        {!me.capabilities.billingCheckout ? (
          <p className="muted">
            Checkout is not configured on this service (no payment provider). Plans are set by an operator.
          </p>
        ) : !can('billing:write') ? (
          <p className="muted">Only owners and admins can change the plan.</p>
        ) : (
          <div className="row">
            {(['launch', 'scale'] as const).map((plan) => (
              <button
                key={plan}
                type="button"
                className="button button-primary"
                onClick={() => checkout.mutate({ plan })}
                disabled={checkout.isPending || e.plan === plan}
              >
                {e.plan === plan ? `On ${words(plan)}` : `Upgrade to ${words(plan)}`}
              </button>
            ))}
          </div>
        )}
        <ErrorNote error={checkout.error} title="Checkout failed" />
      </Card>
    </div>
  );
}
