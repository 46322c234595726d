import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorNote, Field, Loading } from '../components/ui.tsx';
import { useTRPC } from '../trpc.ts';

/** The one-time token of a printed sign-in link, read once and removed from the address bar. */
/**
 * `#token=` is a printed local-dev link; `#session_token=` is an identity provider's session token
 * (the provider's sign-in redirects back with it). Both are taken from the fragment once, and the
 * fragment is removed from the address bar before anything else happens.
 */
let fromFragment: { kind: 'link' | 'idp'; token: string } | undefined | null = null;
let linkSent = false;
function takeFragmentToken(): { kind: 'link' | 'idp'; token: string } | undefined {
  if (fromFragment === null) {
    const link = /(?:^#|&)token=([A-Za-z0-9_-]+)/.exec(location.hash);
    const idp = /(?:^#|&)session_token=([A-Za-z0-9_.-]+)/.exec(location.hash);
    fromFragment = link?.[1] ? { kind: 'link', token: link[1] } : idp?.[1] ? { kind: 'idp', token: idp[1] } : undefined;
    if (location.hash) history.replaceState(history.state, '', location.pathname + location.search);
  }
  return fromFragment;
}

function safeNext(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//') ? next : '/';
}

export function SignIn() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const [fragment] = useState(takeFragmentToken);
  const [apiKey, setApiKey] = useState('');
  const authConfig = useQuery(trpc.identity.authConfig.queryOptions({}));
  const done = { onSuccess: () => navigate(next, { replace: true }) };
  const withLink = useMutation(trpc.session.signInWithLink.mutationOptions(done));
  const withKey = useMutation(trpc.session.signInWithApiKey.mutationOptions(done));
  const withIdp = useMutation(trpc.session.signInWithIdp.mutationOptions(done));
  const withToken = fragment?.kind === 'idp' ? withIdp : withLink;

  useEffect(() => {
    document.title = 'Sign in · Report Service';
    // Once per page load, even when React runs effects twice in development: a link works once.
    if (fragment && !linkSent) {
      linkSent = true;
      if (fragment.kind === 'idp') withIdp.mutate({ token: fragment.token });
      else withLink.mutate({ token: fragment.token });
    }
  }, [fragment, withLink, withIdp]);

  return (
    <main className="signin" id="main">
      <div className="signin-card">
        <div className="brand brand-large">
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>Report Service</span>
        </div>
        <h1>Sign in</h1>
        <p className="muted">Reports, SDKs and docs for your OpenAPI descriptions.</p>

        {fragment ? (
          withToken.isPending || withToken.isSuccess ? (
            <Loading label="Signing you in…" />
          ) : (
            <ErrorNote
              error={withToken.error}
              title={
                fragment.kind === 'idp' ? 'The identity provider sign-in did not work' : 'The sign-in link did not work'
              }
            />
          )
        ) : null}

        {authConfig.data?.provider === 'idp' ? (
          <p>
            <a className="button button-primary button-block" href={authConfig.data.signInUrl}>
              Continue with your identity provider
            </a>
          </p>
        ) : (
          <p className="hint">
            Running locally? <code>npm start</code> prints a one-time sign-in link each time it starts: open it to sign
            in as the workspace owner.
          </p>
        )}

        <form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            if (apiKey.trim()) withKey.mutate({ apiKey: apiKey.trim() });
          }}
        >
          <Field
            label="API key"
            hint="Exchanged once for a browser session; the key is not kept in this browser. The session has the key's scopes."
          >
            {(id, hintId) => (
              <input
                id={id}
                aria-describedby={hintId}
                type="password"
                autoComplete="off"
                spellCheck={false}
                placeholder="rsk_…"
                value={apiKey}
                onChange={(e) => setApiKey(e.target.value)}
              />
            )}
          </Field>
          <ErrorNote error={withKey.error} title="Sign-in failed" />
          <button
            type="submit"
            className="button button-primary button-block"
            disabled={withKey.isPending || !apiKey.trim()}
          >
            {withKey.isPending ? 'Signing in…' : 'Sign in with API key'}
          </button>
        </form>
      </div>
    </main>
  );
}
