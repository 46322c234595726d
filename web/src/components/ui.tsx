import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { serverError } from '../trpc.ts';
import { words } from '../format.ts';

/** Small, accessible building blocks over native elements; styled by styles.css. */

export function Page({
  title,
  subtitle,
  actions,
  children,
  crumbs,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  crumbs?: ReactNode;
}) {
  useEffect(() => {
    if (typeof title === 'string') document.title = `${title} · Report Service`;
  }, [title]);
  return (
    <div className="page">
      {crumbs ? (
        <nav aria-label="Breadcrumb" className="crumbs">
          {crumbs}
        </nav>
      ) : null}
      <header className="page-head">
        <div>
          <h1>{title}</h1>
          {subtitle ? <p className="muted">{subtitle}</p> : null}
        </div>
        {actions ? <div className="page-actions">{actions}</div> : null}
      </header>
      {children}
    </div>
  );
}

export function Card({
  title,
  actions,
  children,
  className,
}: {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`card ${className ?? ''}`}>
      {title || actions ? (
        <header className="card-head">
          {title ? <h2>{title}</h2> : <span />}
          {actions}
        </header>
      ) : null}
      {children}
    </section>
  );
}

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {label}
    </div>
  );
}

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty">
      <p className="empty-title">{title}</p>
      {children ? <div className="muted">{children}</div> : null}
    </div>
  );
}

/** A failure as the server said it: its `message`, and its code for support. */
export function ErrorNote({ error, title }: { error: unknown; title?: string }) {
  if (!error) return null;
  const e = serverError(error);
  return (
    <div className="alert alert-error" role="alert">
      {title ? <strong>{title}: </strong> : null}
      <span>{e.message}</span>
      {e.code !== 'network_error' ? <span className="alert-code">{e.code}</span> : null}
    </div>
  );
}

/** Not found (also what another workspace's record answers: existence does not leak). */
export function NotFound({ what = 'page' }: { what?: string }) {
  return (
    <div className="page">
      <div className="not-found">
        <p className="big">404</p>
        <h1>Not found</h1>
        <p className="muted">This {what} does not exist, or it belongs to a workspace you are not a member of.</p>
        <Link className="button" to="/">
          Back to projects
        </Link>
      </div>
    </div>
  );
}

export function isNotFound(error: unknown): boolean {
  return !!error && serverError(error).code === 'not_found';
}

const TONE: Record<string, string> = {
  ready: 'success',
  passed: 'success',
  complete: 'info',
  verified: 'success',
  pass: 'success',
  active: 'success',
  running: 'progress',
  queued: 'neutral',
  pending: 'neutral',
  created: 'neutral',
  invited: 'neutral',
  generated: 'info',
  needs_review: 'warning',
  warn: 'warning',
  warning: 'warning',
  blocked: 'warning',
  needs_setup: 'warning',
  needs_worker: 'warning',
  skipped: 'neutral',
  not_ready: 'danger',
  failed: 'danger',
  fail: 'danger',
  error: 'danger',
  removed: 'neutral',
  revoked: 'neutral',
  canceled: 'neutral',
  expired: 'neutral',
  archived: 'neutral',
  info: 'info',
};

export function Badge({ value, label, title }: { value: string; label?: string; title?: string }) {
  return (
    <span className={`badge badge-${TONE[value] ?? 'neutral'}`} title={title}>
      {value === 'running' ? <span className="pulse" aria-hidden="true" /> : null}
      {label ?? words(value)}
    </span>
  );
}

export function Field({
  label,
  hint,
  children,
  id: given,
}: {
  label: string;
  hint?: ReactNode;
  children: (id: string, hintId: string | undefined) => ReactNode;
  id?: string;
}) {
  const auto = useId();
  const id = given ?? auto;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children(id, hintId)}
      {hint ? (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="button button-small"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
          setCopied(true);
          setTimeout(() => setCopied(false), 1500);
        } catch {
          setCopied(false);
        }
      }}
    >
      {copied ? 'Copied' : label}
      <span className="visually-hidden" aria-live="polite">
        {copied ? ' copied to clipboard' : ''}
      </span>
    </button>
  );
}

export function Tabs({
  items,
  current,
}: {
  items: { href: string; label: string; count?: number | undefined }[];
  current: string;
}) {
  return (
    <nav className="tabs" aria-label="Sections">
      {items.map((item) => (
        <Link key={item.href} to={item.href} aria-current={item.href === current ? 'page' : undefined}>
          {item.label}
          {item.count !== undefined ? <span className="tab-count">{item.count}</span> : null}
        </Link>
      ))}
    </nav>
  );
}
