// The docs generator: a pure function from the API model (and an optional snapshot of the
// customer's existing docs) to the files of a static HTML reference site: an overview, a page per
// resource with a section per operation, a page per schema initial with a section per schema,
// guide pages, a prebuilt search index, llms.txt and llms-full.txt (the API for language models), and the stylesheet and script from `bundle/`. Every page
// carries a strict CSP (no inline script or style, no external requests) and `noindex`. Output is
// deterministic.

import { sortByPath, type GeneratedFile } from '../core/files.ts';
import type { ApiModel } from '../model/types.ts';
import { bundleFiles } from './bundle-files.ts';
import { apiOrigins, connectOriginsFile, docsContentSecurityPolicy } from './content-security-policy.ts';
import { llmsFiles } from './llms.ts';
import { type DocsSource, DocsSourceError, parseDocsSource } from './docs-source.ts';
import { guidePage, overviewPage, resourcePage, schemaPages, searchIndex, type PageContext } from './pages.ts';
import { SampleBuilder } from './samples.ts';
import { planSite } from './site-plan.ts';
import { themeCss } from './theme.ts';
import type { DocsSiteOptions } from './types.ts';

export type { GeneratedFile } from '../core/files.ts';
export type { DocsSiteOptions } from './types.ts';
export { DocsSourceError, parseDocsSource, type DocsSource } from './docs-source.ts';
export { CONTENT_SECURITY_POLICY } from './layout.ts';
export {
  apiOrigins,
  CONNECT_ORIGINS_FILE,
  docsContentSecurityPolicy,
  readConnectOrigins,
  safeOrigin,
} from './content-security-policy.ts';
export { SampleBuilder, type OperationSamples } from './samples.ts';

export function emitDocsSite(model: ApiModel, options: DocsSiteOptions = {}): GeneratedFile[] {
  let source: DocsSource | undefined;
  if (options.docsSourceText !== undefined) {
    const parsed = parseDocsSource(options.docsSourceText);
    if (parsed.problems.length > 0) throw new DocsSourceError(parsed.problems);
    source = parsed.source;
  }
  const samples = new SampleBuilder(model, options.delivered);
  const site = planSite(model, source, samples);
  const siteTitle = model.info.title.trim() !== '' ? model.info.title : 'API reference';
  const origins = apiOrigins(model);
  const ctx: PageContext = {
    model,
    site,
    samples,
    siteTitle,
    logoText: source?.logoText ?? siteTitle,
    csp: docsContentSecurityPolicy(origins),
  };
  const files: GeneratedFile[] = [overviewPage(ctx)];
  for (const resource of site.resources) files.push(resourcePage(ctx, resource));
  for (const guide of site.guides) files.push(guidePage(ctx, guide));
  files.push(...schemaPages(ctx));
  files.push(searchIndex(ctx));
  files.push(
    ...llmsFiles(model, site, siteTitle, ctx.samples.names, (op) => ctx.samples.samples(op), samples.delivered),
  );
  files.push({ path: 'assets/theme.css', content: themeCss(source?.theme ?? {}) });
  files.push(...bundleFiles());
  files.push(connectOriginsFile(origins));
  return sortByPath(files);
}
