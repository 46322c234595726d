// The docs site generator: golden files, page invariants (CSP, noindex, no inline script or style,
// no external requests), the docs snapshot format, safe markdown, the search index, and a hostile
// description rendered as text. UPDATE_GOLDEN=1 rewrites tests/fixtures/docs/golden/.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import {
  docsContentSecurityPolicy,
  DocsSourceError,
  emitDocsSite,
  parseDocsSource,
  type GeneratedFile,
} from '../../../../workers/generators/docs/index.ts';
import {
  isSafeLink,
  markdown,
  markdownInline,
  markdownItRender,
  simpleInline,
  simpleParagraphs,
} from '../../../../workers/generators/docs/markdown.ts';
import { contentText, html } from '../../../../workers/generators/docs/html.ts';
import { exampleOf, toJson } from '../../../../workers/generators/docs/examples.ts';
import { schemaTree } from '../../../../workers/generators/docs/schema-tree.ts';
import { planSite, SCHEMAS_PER_PAGE } from '../../../../workers/generators/docs/site-plan.ts';
import { analyzeSpec } from '../../../../workers/generators/analyze.ts';
import { BUNDLE_DIR } from '../../../../workers/generators/docs/bundle-files.ts';
import { CORPUS, HAS_CORPUS } from '../corpus-helpers.ts';
import { docsFixture, FIXTURES, tagsOf, textOf, DOCS_TAGS } from './helpers.ts';
import { FULL_SIDEBAR_LIMIT } from '../../../../workers/generators/docs/layout.ts';
import { largeSpec } from '../../../setup/runs.ts';
import { expectGoldenFiles } from '../../../setup/golden.ts';

const GOLDEN = join(FIXTURES, 'golden');

async function site(name: string): Promise<GeneratedFile[]> {
  const { model, docsSourceText } = await docsFixture(name);
  return emitDocsSite(model, docsSourceText !== undefined ? { docsSourceText } : {});
}

const file = (files: GeneratedFile[], path: string): string => {
  const found = files.find((f) => f.path === path);
  if (!found) throw new Error(`no ${path} in ${files.map((f) => f.path).join(', ')}`);
  return found.content;
};

/** The invariants every generated page keeps, whatever the description says. */
function assertSafePage(path: string, content: string, files: GeneratedFile[]): void {
  const tags = tagsOf(content);
  const paths = new Set(files.map((f) => f.path));
  const depth = path.split('/').length - 1;
  const resolveLocal = (url: string): string => {
    const parts = path.split('/').slice(0, -1);
    for (const seg of url.split('#')[0]?.split('/') ?? []) {
      if (seg === '..') parts.pop();
      else if (seg !== '.' && seg !== '') parts.push(seg);
    }
    return parts.join('/');
  };
  for (const tag of tags) {
    expect(DOCS_TAGS.has(tag.name), `${path}: <${tag.name}>`).toBe(true);
    for (const [name, value] of tag.attrs) {
      expect(name.startsWith('on'), `${path}: <${tag.name} ${name}>`).toBe(false);
      expect(name, path).not.toBe('style');
      if (tag.name === 'link' && tag.attrs.get('rel') === 'icon') {
        expect(tag.attrs.get('href'), path).toBe('data:,'); // no favicon request
        continue;
      }
      if (name === 'href' || name === 'src') {
        expect(isSafeLink(value), `${path}: ${name}=${value}`).toBe(true);
        if (!/^(https?:|mailto:)/i.test(value) && !value.startsWith('#') && tag.name !== 'a')
          expect(paths.has(resolveLocal(value)), `${path}: ${value}`).toBe(true);
        if (tag.name === 'a' && !/^(https?:|mailto:|#)/i.test(value))
          expect(paths.has(resolveLocal(value)), `${path}: broken link ${value}`).toBe(true);
      }
    }
    if (tag.name === 'script' && !tag.closing)
      expect(tag.attrs.get('src')).toBe(`${'../'.repeat(depth)}assets/site.js`);
    if (tag.name === 'link' && tag.attrs.get('rel') !== 'icon')
      expect(tag.attrs.get('href')).toMatch(/^(\.\.\/)*assets\/(site|theme)\.css$/);
  }
  const metas = tags.filter((t) => t.name === 'meta');
  expect(metas.find((m) => m.attrs.get('http-equiv') === 'Content-Security-Policy')?.attrs.get('content')).toBe(
    docsContentSecurityPolicy(JSON.parse(file(files, 'connect-origins.json')).origins),
  );
  expect(metas.find((m) => m.attrs.get('name') === 'robots')?.attrs.get('content')).toBe('noindex,nofollow');
  expect(tags.filter((t) => t.name === 'script' && !t.closing)).toHaveLength(1);
}

describe('emitDocsSite golden files', () => {
  for (const name of ['small', 'live']) {
    it(`${name} matches its golden files`, async () => {
      const files = (await site(name)).filter((f) => !/^assets\/site\./.test(f.path));
      const dir = join(GOLDEN, name);
      expectGoldenFiles(dir, files);
    });
  }
});

describe('emitDocsSite', () => {
  it('is deterministic and does not change the model', async () => {
    const { model, docsSourceText = '' } = await docsFixture('small');
    const before = structuredClone(model);
    const first = emitDocsSite(model, { docsSourceText });
    expect(model).toEqual(before);
    expect(emitDocsSite(structuredClone(model), { docsSourceText })).toEqual(first);
  });

  it('copies the stylesheet verbatim and bundles the script from bundle/ into assets/site.js', async () => {
    const files = await site('small');
    expect(file(files, 'assets/site.css')).toBe(readFileSync(join(BUNDLE_DIR, 'site.css'), 'utf8'));
    const script = file(files, 'assets/site.js');
    // One classic script (no module syntax), holding the page behaviour and the console.
    expect(script).not.toMatch(/^\s*(import|export)\s/m);
    expect(script).toContain("document.getElementById('search')".replaceAll("'", '"'));
    expect(script).toContain('securitypolicyviolation');
    expect(script).not.toMatch(/localStorage\.setItem\([^)]*(token|secret|credential)/i);
    // No path of the machine that built it.
    expect(script).not.toContain(BUNDLE_DIR);
  });

  it('writes the overview, a page per resource, per schema initial and per guide', async () => {
    const files = await site('small');
    expect(files.map((f) => f.path)).toEqual([
      'assets/site.css',
      'assets/site.js',
      'assets/theme.css',
      'connect-origins.json',
      'guides/getting-started.html',
      'index.html',
      'llms-full.txt',
      'llms.txt',
      'resources/authors.html',
      'resources/books.html',
      'resources/health.html',
      'schemas/a.html',
      'schemas/b.html',
      'schemas/e.html',
      'schemas/g.html',
      'schemas/index.html',
      'schemas/r.html',
      'search-index.json',
    ]);
    const index = textOf(file(files, 'index.html'));
    for (const text of [
      'Bookshop',
      'Version 2.1.0',
      'https://{region}.bookshop.example/v2',
      'Production',
      'Data region',
      'bearerAuth',
      'BOOKSHOP_BEARER_TOKEN',
      'npm install @fixtures/bookshop',
      'pip install bookshop-sdk',
      'from bookshop import Bookshop',
    ])
      expect(index).toContain(text);
    expect(file(files, 'index.html')).toContain(
      '<strong>Bookshop</strong> API. See <a href="https://example.com/guide" rel="noopener noreferrer nofollow">the guide</a>',
    );
  });

  it('documents each operation: method, path, parameters, body and response trees, examples, errors, samples', async () => {
    const files = await site('small');
    const books = file(files, 'resources/books.html');
    const section = (anchor: string): string => {
      const start = books.indexOf(`<section class="operation" id="${anchor}">`);
      expect(start, anchor).toBeGreaterThan(0);
      return books.slice(start, books.indexOf('</section>', start));
    };
    const create = section('books-create');
    expect(create).toContain('<span class="method method-post">POST</span> <code class="path">/books</code>');
    expect(create).toContain('<h3>Request body <span class="badge badge-required">required</span></h3>');
    expect(create).toContain('<a class="type type-ref" href="../schemas/b.html#book-input">BookInput</a>');
    expect(create).toContain('<h3>Errors</h3>');
    expect(create).toMatch(/<span class="status status-client_error">422<\/span> Invalid book\./);
    expect(textOf(create)).toContain('"title": "Dune"'); // the response's own example
    expect(create).toContain('role="tablist"');
    for (const lang of ['curl', 'typescript', 'python', 'cli']) expect(create).toContain(`data-lang="${lang}"`);
    const retrieve = section('books-retrieve');
    expect(retrieve).toContain('<h3>Path parameters</h3>');
    expect(retrieve).toContain('<h3>Header parameters</h3>');
    expect(retrieve).toContain('<details class="response" open>');
    // Expandable trees: the allOf of Book opens into its parts, nested objects into <details>.
    expect(retrieve).toMatch(/<details><summary><span class="variant">part 2<\/span>/);
    expect(section('books-delete')).toContain('<span class="badge badge-deprecated">deprecated</span>');
    // Subresources get their own heading on the parent's page.
    expect(books).toContain('<h2 class="subresource">Books &rsaquo; Reviews</h2>');
    expect(section('books-reviews-create')).toContain('client.books.reviews.create');
  });

  it('writes each schema once on the schema pages: a reference in it is a link to its section, as on operation pages', async () => {
    const files = await site('small');
    const schemas = files.filter((f) => f.path.startsWith('schemas/')).map((f) => f.content as string);
    // Nothing opens inline on a schema page: no "Schema: <link>" line heads an opened reference.
    for (const page of schemas) expect(page).not.toContain('class="type-link"');
    const b = file(files, 'schemas/b.html');
    const bookPage = b.slice(b.indexOf('<section class="schema-section" id="book-page">'));
    expect(bookPage).toContain(
      '<li class="leaf"><div class="row"><code class="prop-name">data</code> <span class="type">array of</span> <a class="type type-ref" href="../schemas/b.html#book">Book</a>',
    );
    // An operation's body opens the schema it names, whose own references are links.
    const books = file(files, 'resources/books.html');
    const create = books.slice(books.indexOf('<section class="operation" id="books-create">'));
    expect(create.slice(0, create.indexOf('</section>'))).toContain(
      '<code class="prop-name">genre</code> <a class="type type-ref" href="../schemas/g.html#genre">Genre</a>',
    );
    expect(books).not.toContain('class="type-link"');
  });

  it('code samples name the generated SDKs and CLI', async () => {
    const files = await site('small');
    const text = textOf(file(files, 'resources/books.html'));
    expect(text).toContain(
      'import Bookshop from "@fixtures/bookshop";\n\nconst client = new Bookshop();\n\nfor await (const item of client.books.list({ genre: "fiction" })) {',
    );
    expect(text).toContain('const result = await client.books.retrieve("bk_1");');
    expect(text).toContain(
      'from bookshop import Bookshop\n\nclient = Bookshop()\n\nfor item in client.books.list(genre="fiction"):\n    print(item)',
    );
    expect(text).toContain('client.books.reviews.create("string", stars=1)');
    expect(text).toContain('bookshop books reviews create --book-id string --stars 1');
    expect(text).toContain(
      'curl --request GET \\\n  --url \'https://eu.bookshop.example/v2/books?genre=fiction\' \\\n  --header "Authorization: Bearer $BOOKSHOP_BEARER_TOKEN"',
    );
    const authors = textOf(file(files, 'resources/authors.html'));
    expect(authors).toContain('--form file=@file.bin');
    expect(authors).toContain('client.authors.upload_portrait("string", file=b"file contents")');
    expect(authors).toContain('await client.authors.uploadPortrait("string", { file: new Blob(["file contents"]) });');
  });

  it('keeps every page inside the CSP: one script file, no inline script or style, no external loads, no broken links', async () => {
    for (const name of ['small', 'live', 'hostile']) {
      const files = await site(name);
      for (const f of files.filter((x) => x.path.endsWith('.html'))) assertSafePage(f.path, f.content, files);
      expect(file(files, 'assets/site.js')).not.toMatch(/innerHTML|eval\(|new Function|document\.write/);
    }
  });

  it('gives every operation and schema a deep link that the search index points at', async () => {
    const files = await site('small');
    const index = JSON.parse(file(files, 'search-index.json')) as {
      items: { k: string; t: string; s: string; u: string; x: string }[];
    };
    const { model } = await docsFixture('small');
    expect(index.items.filter((i) => i.k === 'operation')).toHaveLength(model.operations.length);
    expect(index.items.filter((i) => i.k === 'schema')).toHaveLength(Object.keys(model.schemas).length);
    expect(index.items.filter((i) => i.k === 'guide').map((i) => i.t)).toEqual(['Getting started']);
    for (const item of index.items) {
      const [page, anchor] = item.u.split('#') as [string, string | undefined];
      const content = file(files, page);
      if (anchor !== undefined) expect(content, item.u).toContain(` id="${anchor}"`);
    }
    expect(index.items.find((i) => i.u === 'resources/books.html#books-list')).toMatchObject({
      t: 'List books',
      s: 'GET /books',
    });
  });

  it('follows the docs snapshot: navigation order, guides, logo text, theme colours', async () => {
    const files = await site('small');
    const nav = file(files, 'index.html').match(/<nav id="sidebar"[\s\S]*?<\/nav>/)?.[0] ?? '';
    const order = [...nav.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]);
    expect(order).toEqual([
      'index.html',
      'guides/getting-started.html',
      'resources/authors.html',
      'resources/books.html',
      'resources/health.html',
      'schemas/index.html',
    ]);
    expect(file(files, 'index.html')).toContain('<a class="logo" href="index.html">Bookshop Docs</a>');
    const guide = file(files, 'guides/getting-started.html');
    expect(guide).toContain('<h1>Welcome</h1>');
    expect(guide).toContain('<code>GET /books</code>');
    expect(guide).toContain('<table>');
    expect(file(files, 'assets/theme.css')).toContain(':root { --primary: #0f766e; }');
    expect(file(files, 'assets/theme.css')).toContain('--bg: #fffdf8; --text: #222222;');
    // Without a snapshot: resources in model order, no guides, the title as logo, no colours.
    const { model } = await docsFixture('small');
    const plain = emitDocsSite(model);
    expect(plain.some((f) => f.path.startsWith('guides/'))).toBe(false);
    expect(file(plain, 'assets/theme.css')).not.toContain('--');
    expect(file(plain, 'index.html')).toContain('<a class="logo" href="index.html">Bookshop</a>');
  });

  it('refuses a docs snapshot whose fields are not data it knows (colours must be hex)', async () => {
    const { model } = await docsFixture('small');
    const cases: [string, RegExp][] = [
      ['theme: { primary: "red; } body { display: none" }', /theme\.primary must be a hex colour/],
      ['theme: { primary: "#12345g" }', /theme\.primary must be a hex colour/],
      ['theme: { background: "url(https://evil.example/x)" }', /theme\.background must be a hex colour/],
      ['theme: { font: "#ffffff" }', /theme\.font is not a known colour/],
      ['guides: [{ slug: "../etc", title: T, markdown: x }]', /guides\[0\]\.slug must match/],
      ['guides: [{ slug: a, title: T, markdown: !!js/function "function () {}" }]', /./],
      ['navigation: [{ guide: nope }]', /names guide "nope"/],
      ['scripts: ["alert(1)"]', /unknown key "scripts"/],
      ['[1, 2]', /top level must be a mapping/],
      ['a: [unclosed', /not valid YAML/],
      [`logoText: "${'x'.repeat(101)}"`, /logoText/],
    ];
    for (const [text, message] of cases) {
      const { problems } = parseDocsSource(text);
      expect(problems.join('; '), text).toMatch(message);
      expect(() => emitDocsSite(model, { docsSourceText: text }), text).toThrow(DocsSourceError);
    }
    expect(parseDocsSource('theme: { primary: "#ABC" }')).toEqual({
      source: { theme: { primary: '#abc' }, navigation: [], guides: [] },
      problems: [],
    });
    expect(parseDocsSource('').problems).toEqual([]);
  });

  it('renders markdown with raw HTML off, images off and only http, https, mailto and relative links', () => {
    const table: [string, boolean][] = [
      ['https://example.com/x', true],
      ['http://example.com', true],
      ['mailto:a@example.com', true],
      ['guides/x.html', true],
      ['#anchor', true],
      ['../up', true],
      ['?q=1', true],
      ['javascript:alert(1)', false],
      ['JaVaScRiPt:alert(1)', false],
      [' javascript:alert(1)', false],
      ['java\u0000script:alert(1)', false],
      ['data:text/html,x', false],
      ['vbscript:x', false],
      ['file:///etc/passwd', false],
      ['weird:thing', false],
      ['a:b/c', false],
      ['\\\\evil', false],
    ];
    for (const [url, safe] of table) expect(isSafeLink(url), url).toBe(safe);
    const out = markdown(
      '<script>alert(1)</script> [a](javascript:alert(1)) [b](https://ok.example) ![c](https://evil.example/i.png) <b onclick="x">b</b>',
    ).text;
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out).toContain('[a](javascript:alert(1))');
    expect(out).toContain('<a href="https://ok.example" rel="noopener noreferrer nofollow">b</a>');
    expect(out).not.toContain('<img');
    expect(out).toContain('&lt;b onclick=&quot;x&quot;&gt;');
    expect(markdown('| a | b |\n|--:|:-:|\n| 1 | 2 |').text).toContain('<th class="align-right">a</th>');
    expect(html`<p title="${'"x\' <y>'}">${'<b>&'}</p>`.text).toBe(
      '<p title="&quot;x&#39; &lt;y&gt;">&lt;b&gt;&amp;</p>',
    );
    expect(() => html`${{} as unknown as string}`).toThrow(/cannot interpolate/);
    // Code blocks (examples, samples) are element content: quotes stay, markup does not.
    expect(contentText('</code><script>"x" & \'y\'</script>').text).toBe(
      '&lt;/code&gt;&lt;script&gt;"x" &amp; \'y\'&lt;/script&gt;',
    );
  });
});

describe('markdown fast path', () => {
  // Prose with at most inline code and plain links is written without markdown-it; it must match
  // markdown-it's output with the docs' rules (safe links only, rel on external ones) byte for byte.
  const agrees = (text: string): void => {
    if (simpleParagraphs(text) !== undefined)
      expect(markdown(text).text, JSON.stringify(text)).toBe(markdownItRender(text, false));
    if (simpleInline(text) !== undefined)
      expect(markdownInline(text).text, JSON.stringify(text)).toBe(markdownItRender(text, true));
  };

  it('renders the simple subset as markdown-it does, and leaves everything else to it', () => {
    const simple = [
      'Plain text.',
      'Quotes "here" and \'there\'.',
      'Use `client_id` and `a<b>&"c"`.',
      '`code` first',
      'snake_case and obj_foo, after=obj_foo',
      'Two\nlines',
      'One.\n\nTwo.\n',
      'Ünïcode ok',
      '100 objects',
      '(a) b',
      'a #b {c} d!',
      'x\u00a0\ny',
      'x\n\n',
      'See [the guide](https://example.com/a_b?x=1&y=%20#top).',
      '[Start](/docs/start) here',
      'Mail [us](mailto:a.b@example.com)',
      'a [b "c"](#frag) d',
      'x [1](https://h.example:8080/p) and [2](/q)',
      'Use `a` and [b](https://x.example/b)',
      'Wait for [`PRODUCT_READY`](https://x.example/#ready) and [`a` or `b<c>`](/d).',
      'Ends in spaces.  ',
      'One.  \n\nTwo. \n \n',
      'x\n  ',
    ];
    for (const text of simple) {
      expect(simpleParagraphs(text), text).toBeDefined();
      agrees(text);
    }
    const markdownOnly = [
      'a *b*',
      'a _b_',
      '_a',
      'a_',
      'a__b',
      'a  \nb',
      'a\n- b',
      'a\n1. b',
      '1. a',
      'a\n  b',
      '# h',
      'T\n===',
      'a `` b',
      'a ` b',
      'a `b',
      'a `b\nc`',
      'a ` b `',
      'a &amp; b',
      'a <b>',
      'a \\* b',
      'a ~~b~~',
      'a | b',
      'a\n \nb',
      'tab\tx',
      'a\r\nb',
      '[a](javascript:alert(1))',
      '[a](https://X.example/)',
      '[a](https://x.example/(b))',
      '[a](https://x.example/ü)',
      '[a](https://x.example/%zz)',
      '[*a*](/b)',
      '[a] (b)',
      '[a]',
      '[a][b]',
      '![a](/b)',
      '[a](/b "t")',
      '[ a](/b)',
      '[a](<b>)',
      '[a](/b',
      '[a\nb](/c)',
      '[a](data:x)',
      '[`a](/b)',
      '[` a`](/b)',
      '[``](/b)',
      '[`a`_b](/c)',
      'a \nb',
      'a\u00a0',
    ];
    for (const text of markdownOnly) {
      expect(simpleParagraphs(text), text).toBeUndefined();
      agrees(text);
    }
  });

  it.skipIf(!HAS_CORPUS)(
    'agrees with markdown-it on the descriptions of real descriptions',
    () => {
      const texts = new Set<string>();
      const walk = (value: unknown): void => {
        if (Array.isArray(value)) value.forEach(walk);
        else if (value !== null && typeof value === 'object')
          for (const [key, child] of Object.entries(value)) {
            if ((key === 'description' || key === 'summary') && typeof child === 'string') texts.add(child);
            walk(child);
          }
      };
      for (const file of [
        'real-world/plaid/2020-09-14.yml',
        'real-world/jira/jira-software.v3.json',
        'real-world/openai/openapi.yaml',
      ])
        walk(parseYaml(readFileSync(join(CORPUS, file), 'utf8'), { maxAliasCount: -1 }));
      let fast = 0;
      for (const text of texts) {
        if (simpleParagraphs(text) !== undefined) fast++;
        agrees(text);
      }
      expect(fast / texts.size).toBeGreaterThan(0.8);
    },
    60_000,
  );
});

describe('examples', () => {
  it('are the same whatever order the schemas are asked in, reference cycles included', async () => {
    const ref = (name: string): string => `{ $ref: '#/components/schemas/${name}' }`;
    const openapiText = `openapi: 3.1.0
info: { title: Cycles, version: '1' }
paths: {}
components:
  schemas:
    Node: { type: object, properties: { id: { type: string }, next: ${ref('Node')}, pair: ${ref('Pair')} } }
    Pair: { type: object, required: [left], properties: { left: ${ref('Node')}, right: ${ref('Pair')}, tags: { type: array, items: ${ref('Tag')} } } }
    Tag: { type: object, required: [name, owner], properties: { name: { type: string }, owner: ${ref('Wrapper')} } }
    Wrapper: { type: object, required: [node], properties: { node: ${ref('Node')}, pairs: { type: array, items: ${ref('Pair')} }, either: { oneOf: [${ref('Tag')}, ${ref('Node')}] } } }
    Chain: { allOf: [${ref('Wrapper')}, { type: object, properties: { extra: ${ref('Chain')} } }] }
`;
    const { model } = await analyzeSpec({ openapiText, mode: 'flagship' });
    if (!model) throw new Error('no model');
    const ids = Object.keys(model.schemas).sort();
    expect(ids).toHaveLength(5);
    for (const mode of ['request', 'response'] as const) {
      const alone = (id: string): unknown => {
        const fresh = structuredClone(model);
        return toJson(
          exampleOf(fresh, (fresh.schemas[id] as { schema: Parameters<typeof exampleOf>[1] }).schema, mode),
        );
      };
      const expected = Object.fromEntries(ids.map((id) => [id, alone(id)]));
      for (const order of [ids, [...ids].reverse()]) {
        const shared = structuredClone(model);
        const got = Object.fromEntries(
          order.map((id) => [
            id,
            toJson(exampleOf(shared, (shared.schemas[id] as { schema: Parameters<typeof exampleOf>[1] }).schema, mode)),
          ]),
        );
        expect(got, `${mode}, ${order.join(' ')}`).toEqual(expected);
      }
    }
  });
});

describe('schema trees', () => {
  it('are the same whether or not a schema was opened elsewhere before, also where the node budget runs out', async () => {
    const props = Array.from(
      { length: 40 },
      (_, i) => `p${i}: { type: object, properties: { x: { type: string }, y: { type: integer } } }`,
    ).join(', ');
    const openapiText = `openapi: 3.1.0
info: { title: Trees, version: '1' }
paths: {}
components:
  schemas:
    Big: { type: object, properties: { ${props} } }
    Holder: { type: object, properties: { a: { $ref: '#/components/schemas/Big' }, b: { $ref: '#/components/schemas/Big' } } }
`;
    const { model } = await analyzeSpec({ openapiText, mode: 'flagship' });
    if (!model) throw new Error('no model');
    const holder = model.schemas.Holder?.schema;
    if (holder?.kind !== 'object') throw new Error('Holder is not an object');
    const bigRef = holder.properties[0]?.schema as Parameters<typeof schemaTree>[0];
    const render = (
      site: ReturnType<typeof planSite>,
      node: Parameters<typeof schemaTree>[0],
      budget: number,
    ): string =>
      schemaTree(node, { model, site, page: 'schemas/holder.html', refDepth: 1, budget: { left: budget } }).text;
    for (const budget of [500, 150, 60, 5]) {
      const expected = render(planSite(model, undefined), holder, budget);
      const site = planSite(model, undefined);
      render(site, bigRef, 1000); // Big opened in full first
      expect(render(site, holder, budget), `budget ${budget}`).toBe(expected);
      expect(render(site, holder, budget), `budget ${budget}, again`).toBe(expected);
    }
  });
});

describe('schema pages', () => {
  it("hold each schema as a section of its initial's page, split past SCHEMAS_PER_PAGE, linked from the index", async () => {
    const names = [
      ...Array.from({ length: SCHEMAS_PER_PAGE + 5 }, (_, i) => `Item${String(i).padStart(3, '0')}`),
      'Alpha',
      '3DSecure',
      'Main',
    ];
    const openapiText = `openapi: 3.1.0
info: { title: Many, version: '1' }
paths: {}
components:
  schemas:
${names.map((n) => `    ${n}: { type: object, properties: { id: { type: string } } }`).join('\n')}
`;
    const { model } = await analyzeSpec({ openapiText, mode: 'flagship' });
    if (!model) throw new Error('no model');
    const files = emitDocsSite(model);
    expect(files.map((f) => f.path).filter((p) => p.startsWith('schemas/'))).toEqual([
      'schemas/0-9.html',
      'schemas/a.html',
      'schemas/i-2.html',
      'schemas/i.html',
      'schemas/index.html',
      'schemas/m.html',
    ]);
    const sections = (path: string): string[] =>
      [...file(files, path).matchAll(/<section class="schema-section" id="([^"]+)">/g)].map((m) => m[1] as string);
    expect(sections('schemas/i.html')).toHaveLength(SCHEMAS_PER_PAGE);
    expect(sections('schemas/i-2.html')).toEqual(['item150', 'item151', 'item152', 'item153', 'item154']);
    // A schema may not take an id of the page shell.
    expect(sections('schemas/m.html')).toEqual(['main2']);
    expect(file(files, 'schemas/index.html')).toContain('<a href="../schemas/i-2.html#item152">Item152</a>');
    expect(file(files, 'schemas/i.html')).toContain('<a href="../schemas/i-2.html">I (2)</a>');
    const index = JSON.parse(file(files, 'search-index.json')) as { items: { k: string; u: string }[] };
    expect(
      index.items
        .filter((i) => i.k === 'schema')
        .map((i) => i.u)
        .sort(),
    ).toEqual(
      [
        'schemas/0-9.html#3-d-secure',
        'schemas/a.html#alpha',
        ...sections('schemas/i.html').map((a) => `schemas/i.html#${a}`),
        ...sections('schemas/i-2.html').map((a) => `schemas/i-2.html#${a}`),
        'schemas/m.html#main2',
      ].sort(),
    );
    for (const f of files.filter((x) => x.path.endsWith('.html'))) assertSafePage(f.path, f.content, files);
  });
});

describe('a hostile description', () => {
  it('renders every payload as text', async () => {
    const files = await site('hostile');
    const pages = files.filter((f) => f.path.endsWith('.html'));
    const all = pages.map((f) => f.content).join('\n');
    const text = pages.map((f) => textOf(f.content)).join('\n');
    // The payloads are on the pages, as text.
    for (const payload of [
      'Hostile <script>window.__pwned=1</script>',
      '<img src=x onerror="window.__pwned=5">',
      "{{constructor.constructor('window.__pwned=2')()}}",
      '[click me](javascript:window.__pwned=6)',
      '</script><script>window.__pwned=42</script>',
      '<details open ontoggle="window.__pwned=24">x</details>',
      'name" onmouseover="window.__pwned=25',
      '</code><script>window.__pwned=28</script>',
      'Get <img src=x onerror="window.__pwned=33"> thing',
      'Logo',
      'Guide <script>window.__pwned=52</script>',
      '[link](javascript:window.__pwned=54)',
      '</code></pre><script>window.__pwned=56</script>',
    ])
      expect(text, payload).toContain(payload);
    // ...and never as markup: no tag or attribute beyond the generator's own, no script URL.
    expect(all).not.toMatch(/<(script|img|svg|iframe|style|marquee|b|object|embed)[\s>](?![^<]*assets\/site\.js)/i);
    expect(all.replaceAll('<link rel="icon" href="data:,">', '')).not.toMatch(/href="\s*(javascript|vbscript|data):/i);
    expect(all).toContain('<a href="https://example.com/safe" rel="noopener noreferrer nofollow">ok</a>');
    for (const f of pages) assertSafePage(f.path, f.content, files);
    // Unsafe contact/licence URLs are shown without a link.
    expect(file(files, 'index.html')).toMatch(
      /<li>License: Lic &lt;\/style&gt;&lt;script&gt;window.__pwned=14&lt;\/script&gt;<\/li>/,
    );
    // The shell samples quote what the description supplies.
    expect(text).toContain(
      "?q%22+onfocus%3D%22window.__pwned%3D39=%24%28touch+%2Ftmp%2Fpwned%29%60touch+%2Ftmp%2Fpwned2%60'",
    );
    expect(text).toContain("--q-onfocus-window-pwned39 '$(touch /tmp/pwned)`touch /tmp/pwned2`'");
    expect(text).toContain("--url 'https://api.example.com/things/'\\''%3B%20window.__pwned%3D38%3B%20'\\''?");
  });

  it('keeps llms.txt and llms-full.txt free of control characters and markup; payloads are escaped text', async () => {
    const files = await site('hostile');
    const index = file(files, 'llms.txt');
    const full = file(files, 'llms-full.txt');
    for (const text of [index, full]) {
      expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
      // A link needs an unescaped `](`; an escaped `\]` is text.
      expect(text).not.toMatch(/(?<!\\)\]\(\s*(javascript|vbscript|data):/i);
      // Read by a Markdown renderer, it links nowhere but http(s), mailto and the site's own pages.
      for (const href of markdownItRender(text, false).matchAll(/href="([^"]*)"/g))
        expect(href[1]).toMatch(/^(https?:|mailto:|resources\/|schemas\/|guides\/|index\.html|llms)/);
    }
    // Description text is escaped Markdown: no raw tag outside code (spans and fences, which Markdown shows as text).
    const prose = (text: string): string =>
      text.replace(/```[a-z]*\n[\s\S]*?\n```/g, '').replace(/(`+)[\s\S]*?\1/g, '');
    expect(prose(index)).not.toMatch(/<[a-z/]/i);
    expect(prose(full)).not.toMatch(/<[a-z/]/i);
    expect(index).toContain('Get &lt;img src=x onerror="window.\\_\\_pwned=33"&gt; thing');
  });

  it('keeps hostile strings out of the search index keys and URLs', async () => {
    const files = await site('hostile');
    const index = JSON.parse(file(files, 'search-index.json')) as { items: { u: string; t: string }[] };
    for (const item of index.items) expect(item.u).toMatch(/^[a-z0-9._/-]*(#[a-z0-9._-]*)?$/);
    expect(index.items.map((i) => i.t)).toContain('Get <img src=x onerror="window.__pwned=33"> thing');
  });
});

describe('size on large descriptions', () => {
  const build = async (operations: number): Promise<GeneratedFile[]> => {
    const { model } = await analyzeSpec({ openapiText: largeSpec(operations), mode: 'flagship' });
    return emitDocsSite(model!);
  };
  const bytes = (files: GeneratedFile[]): number => files.reduce((n, f) => n + f.content.length, 0);
  const file = (files: GeneratedFile[], path: string): string => String(files.find((f) => f.path === path)!.content);

  it('grows linearly: past FULL_SIDEBAR_LIMIT sections each page lists only its own, the overview lists all', async () => {
    const small = await build(200);
    const large = await build(400);
    expect(bytes(large) / bytes(small)).toBeLessThan(2.3);
    const overview = file(large, 'index.html');
    const resourcePages = large.filter((f) => f.path.startsWith('resources/'));
    expect(resourcePages.length).toBeGreaterThan(FULL_SIDEBAR_LIMIT);
    const first = resourcePages[0]!;
    const sidebar = /<nav id="sidebar"[\s\S]*?<\/nav>/.exec(file(large, first.path))![0];
    expect(sidebar).toContain(`All ${resourcePages.length} sections`);
    expect(sidebar.match(/class="nav-resource"/g)).toHaveLength(1);
    expect(sidebar).toContain('aria-current="page"');
    for (const page of resourcePages) expect(overview).toContain(`href="${page.path}"`);
  });
});
