// The page shell every HTML file shares: a strict Content-Security-Policy and `noindex` in the
// head, the stylesheet and the one script as files (no inline script or style anywhere), the top
// bar with search and the theme toggle, and the navigation sidebar.

import { docsContentSecurityPolicy } from './content-security-policy.ts';
import { flatText, html, type Html, localUrl } from './html.ts';
import { relativeUrl, type SitePlan } from './site-plan.ts';

/** The policy of a site whose description declares no server the try-it console could reach. */
export const CONTENT_SECURITY_POLICY = docsContentSecurityPolicy([]);

export interface LayoutInput {
  site: SitePlan;
  /** Site-root-relative path of this page. */
  page: string;
  title: string;
  siteTitle: string;
  logoText: string;
  /** Navigation entry to mark current (a page path). */
  current?: string;
  /** Operation anchors listed under the current resource page in the sidebar. */
  body: Html;
  /** The page's Content-Security-Policy (`docsContentSecurityPolicy` of the API's origins). */
  csp: string;
}

// The sidebar is the same on every page at the same depth with the same entry marked current
// (all schema pages, for one), so it is built once per such page kind and site.
const sidebars = new WeakMap<SitePlan, Map<string, Html>>();

function sidebar(input: LayoutInput): Html {
  const { site, page } = input;
  let bySite = sidebars.get(site);
  if (bySite === undefined) sidebars.set(site, (bySite = new Map()));
  // Only a navigation entry can be marked current (schema pages name themselves, which is none).
  const current =
    input.current !== undefined && site.navigation.some((entry) => entry.path === input.current) ? input.current : '';
  const key = `${relativeUrl(page, '')}\u0000${current}\u0000${page === 'index.html' ? 1 : 0}${page.startsWith('schemas/') ? 1 : 0}`;
  let out = bySite.get(key);
  if (out === undefined) bySite.set(key, (out = buildSidebar(input)));
  return out;
}

/**
 * Past this many navigation entries the sidebar lists only the current one (the overview page
 * lists them all): every page carrying every entry would make the site grow with pages × entries.
 */
export const FULL_SIDEBAR_LIMIT = 150;

function buildSidebar(input: LayoutInput): Html {
  const { site, page } = input;
  const link = (target: string, label: string, current: boolean): Html =>
    html`<a href="${localUrl(relativeUrl(page, target))}"${current ? html` aria-current="page"` : ''}>${label}</a>`;
  const compact = site.navigation.length > FULL_SIDEBAR_LIMIT;
  const entries = compact ? site.navigation.filter((entry) => entry.path === input.current) : site.navigation;
  const all = compact
    ? html`<li class="nav-all">${link('index.html#resources', `All ${site.navigation.length} sections`, false)}</li>`
    : '';
  const items = entries.map((entry) => {
    const current = entry.path === input.current;
    if (entry.kind === 'guide') return html`<li class="nav-guide">${link(entry.path, entry.guide.title, current)}</li>`;
    const ops = current
      ? html`<ul class="nav-ops">${entry.sections.flatMap((s) => s.operations).map((o) => html`<li><a href="${localUrl(`#${o.anchor}`)}"><span class="method method-${o.op.method}">${o.op.method.toUpperCase()}</span> ${o.sdk?.name ?? o.title}</a></li>`)}</ul>`
      : '';
    return html`<li class="nav-resource">${link(entry.path, entry.title, current)}${ops}</li>`;
  });
  return html`<nav id="sidebar" class="sidebar" aria-label="Reference"><ul class="nav">
<li>${link('index.html', 'Overview', page === 'index.html')}</li>
${all}${items}
<li>${link('schemas/index.html', 'Schemas', page.startsWith('schemas/'))}</li>
</ul></nav>`;
}

export function layout(input: LayoutInput): string {
  const root = relativeUrl(input.page, '');
  const asset = (name: string): string => localUrl(relativeUrl(input.page, `assets/${name}`));
  const title = input.title === input.siteTitle ? input.siteTitle : `${input.title} · ${input.siteTitle}`;
  return flatText(html`<!doctype html>
<html lang="en" data-root="${root}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${input.csp}">
<meta name="robots" content="noindex,nofollow">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${asset('site.css')}">
<link rel="stylesheet" href="${asset('theme.css')}">
<script src="${asset('site.js')}" defer></script>
</head>
<body>
<a class="skip-link" href="#main">Skip to content</a>
<header class="topbar">
<button class="nav-toggle" type="button" aria-controls="sidebar" aria-expanded="false">Menu</button>
<a class="logo" href="${localUrl(relativeUrl(input.page, 'index.html'))}">${input.logoText}</a>
<div class="search" role="search">
<input id="search" type="search" placeholder="Search operations and schemas" autocomplete="off" spellcheck="false" aria-label="Search operations and schemas" aria-controls="search-results">
<ul id="search-results" class="search-results" hidden></ul>
</div>
<button class="theme-toggle" type="button" aria-label="Switch between light and dark theme" title="Switch theme">Theme</button>
</header>
<div class="layout">
${sidebar(input)}
<main id="main" tabindex="-1">
${input.body}
</main>
</div>
</body>
</html>
`);
}
