import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink, Navigate, Route, Routes, useLocation } from 'react-router';
import { Loading, NotFound, ErrorNote } from './components/ui.tsx';
import { MeContext, toMe, useMeQuery } from './session.tsx';
import { applyTheme, initialTheme, type Theme } from './theme.ts';
import { serverError, useTRPC } from './trpc.ts';
import { SignIn } from './pages/sign-in.tsx';
import { Projects } from './pages/projects.tsx';

// Pages past the first are split into their own chunks, loaded on navigation.
const ProjectPage = lazy(() => import('./pages/project.tsx').then((m) => ({ default: m.ProjectPage })));
const NewReport = lazy(() => import('./pages/new-report.tsx').then((m) => ({ default: m.NewReport })));
const RunPage = lazy(() => import('./pages/run.tsx').then((m) => ({ default: m.RunPage })));
const CompareRuns = lazy(() => import('./pages/compare-runs.tsx').then((m) => ({ default: m.CompareRuns })));
const RuleDoc = lazy(() => import('./pages/rule-doc.tsx').then((m) => ({ default: m.RuleDoc })));
const Workspace = lazy(() => import('./pages/workspace.tsx').then((m) => ({ default: m.Workspace })));

function ThemeToggle() {
  const [theme, setTheme] = useState<Theme>(() => (document.documentElement.dataset.theme as Theme) ?? initialTheme());
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="button button-ghost button-small"
      aria-label={`Switch to ${next} theme`}
      onClick={() => {
        applyTheme(next, true);
        setTheme(next);
      }}
    >
      {theme === 'dark' ? '☀︎ Light' : '☾ Dark'}
    </button>
  );
}

function Shell() {
  const me = useMeQuery();
  const trpc = useTRPC();
  const location = useLocation();
  const signOut = useMutation(
    trpc.session.signOut.mutationOptions({ onSettled: () => location.pathname && window.location.assign('/sign-in') }),
  );
  if (me.isPending) return <Loading label="Opening your workspace…" />;
  if (me.error) {
    if (serverError(me.error).code === 'unauthorized')
      return <Navigate to={`/sign-in?next=${encodeURIComponent(location.pathname)}`} replace />;
    return (
      <div className="page">
        <ErrorNote error={me.error} title="The service did not answer" />
      </div>
    );
  }
  const data = toMe(me.data);
  if (!data)
    return (
      <div className="page">
        <div className="alert alert-error" role="alert">
          The service answered without a workspace for this session.
        </div>
      </div>
    );
  return (
    <MeContext.Provider value={data}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="shell">
        <aside className="sidebar">
          <Link to="/" className="brand">
            <img src="/favicon.svg" alt="" width="24" height="24" />
            <span>Report Service</span>
          </Link>
          <div className="workspace-name" title={data.organization.id}>
            <span className="muted small">Workspace</span>
            <strong>{data.organization.name}</strong>
          </div>
          <nav aria-label="Main" className="nav">
            <NavLink to="/" end>
              Projects
            </NavLink>
            {data.entitlements.scopes.includes('runs:write') ? <NavLink to="/new">New report</NavLink> : null}
            <NavLink to="/workspace/members">Members</NavLink>
            {data.entitlements.scopes.includes('api_keys:read') ? (
              <NavLink to="/workspace/keys">API keys</NavLink>
            ) : null}
            <NavLink to="/workspace/billing">Billing</NavLink>
          </nav>
          <div className="sidebar-foot">
            <div className="me">
              <span className="avatar" aria-hidden="true">
                {data.user.email.slice(0, 1).toUpperCase()}
              </span>
              <span className="me-text">
                <span className="small">{data.user.email}</span>
                <span className="muted small">{data.entitlements.role}</span>
              </span>
            </div>
            <div className="row">
              <ThemeToggle />
              <button
                type="button"
                className="button button-ghost button-small"
                onClick={() => signOut.mutate()}
                disabled={signOut.isPending}
              >
                Sign out
              </button>
            </div>
          </div>
        </aside>
        <main id="main" className="main" tabIndex={-1}>
          <Suspense fallback={<Loading />}>
            <Routes>
              <Route index element={<Projects />} />
              <Route path="projects/:projectId/compare" element={<CompareRuns />} />
              <Route path="projects/:projectId/*" element={<ProjectPage />} />
              <Route path="new" element={<NewReport />} />
              <Route path="runs/:runId/*" element={<RunPage />} />
              <Route path="workspace/:section" element={<Workspace />} />
              <Route path="help/rules/*" element={<RuleDoc />} />
              <Route path="*" element={<NotFound />} />
            </Routes>
          </Suspense>
        </main>
      </div>
    </MeContext.Provider>
  );
}

export function App() {
  return (
    <Routes>
      <Route path="/sign-in" element={<SignIn />} />
      <Route path="/*" element={<Shell />} />
    </Routes>
  );
}
