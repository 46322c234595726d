import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Loading, Page } from '../components/ui.tsx';

/**
 * A rule's documentation inside the app (the sidebar and the way back stay around it). The text is
 * the service's own page for the rule (`/rules/<id>`: static, every string escaped by the server,
 * nothing from a description in it); its styles are dropped for the app's, and its links to other
 * rules stay in the app.
 */
export function RuleDoc() {
  const { '*': rest = '' } = useParams();
  const navigate = useNavigate();
  const ruleId = rest.replace(/\/$/, '');
  const [html, setHtml] = useState<string | undefined>();
  const [failed, setFailed] = useState(false);
  const body = useRef<HTMLDivElement>(null);
  const path = `/rules${ruleId ? `/${ruleId.split('/').map(encodeURIComponent).join('/')}` : ''}`;
  useEffect(() => {
    let live = true;
    setHtml(undefined);
    setFailed(false);
    fetch(path, { headers: { accept: 'text/html' }, credentials: 'omit' })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        // Its <style> goes before parsing: the app's CSP refuses inline styles, even in a parsed document.
        const text = (await res.text()).replace(/<style[\s\S]*?<\/style>/gi, '');
        const doc = new DOMParser().parseFromString(text, 'text/html');
        for (const el of doc.querySelectorAll('style, script, link, meta')) el.remove();
        // The page's own "All rules" link: the app has its breadcrumb.
        doc.body.querySelector('p:first-child > a[href="/rules"]')?.parentElement?.remove();
        for (const a of doc.querySelectorAll('a[href]')) {
          const href = a.getAttribute('href') ?? '';
          if (/^\/rules(\/|$)/.test(href)) a.setAttribute('href', `/help${href}`);
          else a.removeAttribute('href');
        }
        const h1 = doc.body.querySelector('h1');
        h1?.remove();
        if (live) setHtml(doc.body.innerHTML);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [path]);
  // Links inside the text navigate in the app, not by a page load.
  useEffect(() => {
    const el = body.current;
    if (!el) return;
    const onClick = (event: MouseEvent) => {
      const a = (event.target as Element).closest('a[href^="/help/rules"]');
      if (!a) return;
      event.preventDefault();
      navigate(a.getAttribute('href') ?? '/help/rules');
    };
    el.addEventListener('click', onClick);
    return () => el.removeEventListener('click', onClick);
  }, [navigate]);
  return (
    <Page
      crumbs={
        <>
          <Link to="/">Projects</Link>
          <span aria-hidden="true"> / </span>
          <Link to="/help/rules">Rules</Link>
        </>
      }
      title={ruleId || 'Rules'}
      subtitle={ruleId ? 'What this rule checks, why, and how to set it.' : 'Every rule a validation report can name.'}
      actions={
        <button type="button" className="button" onClick={() => navigate(-1)}>
          ← Back
        </button>
      }
    >
      {failed ? (
        <div className="alert alert-error" role="alert">
          No such rule, or the service did not answer.
        </div>
      ) : html === undefined ? (
        <Loading label="Loading the rule…" />
      ) : (
        // Static text of the service's own rule page (see above), never text from a description.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the service's escaped rule page
        <div ref={body} className="card prose" dangerouslySetInnerHTML={{ __html: html }} />
      )}
    </Page>
  );
}
