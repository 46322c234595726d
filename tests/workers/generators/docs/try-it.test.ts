// The docs site's try-it console without a browser: the Content-Security-Policy computed from a
// description's servers (hostile URLs add nothing and inject nothing), the form the generator
// writes for an operation (examples filled in, spec text only as escaped attributes and text),
// and the console's logic in `bundle/try-it-core.ts` (request, parameter serialization, curl,
// client-credentials token request, refusal explanations, JSON highlighting).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  apiOrigins,
  docsContentSecurityPolicy,
  emitDocsSite,
  readConnectOrigins,
  safeOrigin,
  SampleBuilder,
} from '../../../../workers/generators/docs/index.ts';
import { serverUrls } from '../../../../workers/generators/docs/content-security-policy.ts';
import { docsSiteCsp } from '../../../../workers/generators/docs/site-csp.ts';
import {
  buildRequest,
  clientCredentials,
  connectAllowed,
  connectSources,
  curlCommand,
  explainRefusal,
  highlightTokens,
  refusalBeforeSending,
  tokenRequest,
  type TryItState,
} from '../../../../workers/generators/docs/bundle/try-it-core.ts';
import { analyzeSpec } from '../../../../workers/generators/analyze.ts';
import { HOSTILE_CASES as CASES } from '../../../fixtures/hostile/cases.ts';
import { decodeEntities, docsFixture, FIXTURES, tagsOf } from './helpers.ts';

const PAGE = 'https://docs.example.org/resources/pets.html';

describe('docs Content-Security-Policy', () => {
  it('takes plain origins only', () => {
    expect(safeOrigin('https://api.example.com/v1')).toBe('https://api.example.com');
    expect(safeOrigin('HTTPS://API.Example.com:8443/x')).toBe('https://api.example.com:8443');
    expect(safeOrigin('http://127.0.0.1:4010')).toBe('http://127.0.0.1:4010');
    for (const bad of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      '//evil.example/api',
      '/v1',
      'https://*.example.com',
      "https://a.example.com'; script-src *",
      'https://a.example.com;script-src',
      'https://a.example.com https://evil.example',
      'http://user:pass@169.254.169.254/latest',
      'https://{host}/v1',
      'wss://socket.example.com',
      'https://a"b.example.com',
      'https://exa mple.com',
    ])
      expect(safeOrigin(bad), bad).toBeUndefined();
  });

  it('lists each server, each enum value of a host variable, environments and client-credentials token URLs', async () => {
    const { model } = await docsFixture('small');
    expect(serverUrls(model.servers[0]!)).toEqual(['https://eu.bookshop.example/v2', 'https://us.bookshop.example/v2']);
    expect(apiOrigins(model)).toEqual(['https://eu.bookshop.example', 'https://us.bookshop.example']);
    expect(docsContentSecurityPolicy(apiOrigins(model))).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self' https://eu.bookshop.example https://us.bookshop.example; base-uri 'none'; form-action 'none'",
    );
    // The header adds what a meta tag cannot carry.
    expect(docsContentSecurityPolicy([], true)).toMatch(/frame-ancestors 'none'$/);
    // A caller's list is checked again.
    expect(
      docsContentSecurityPolicy(["https://a.example; script-src 'unsafe-inline'", 'https://ok.example']),
    ).toContain("connect-src 'self' https://ok.example;");
  });

  it("keeps every hostile case's policy to the fixed directives plus plain origins", async () => {
    let cases = 0;
    for (const c of CASES.filter((x) => x.model)) {
      const result = await analyzeSpec({ openapiText: c.openapiText, mode: 'flagship' });
      if (!result.model) continue;
      cases++;
      const origins = apiOrigins(result.model);
      for (const origin of origins) expect(origin, c.name).toMatch(/^https?:\/\/[a-z0-9.-]+(:[0-9]+)?$/);
      const policy = docsContentSecurityPolicy(origins);
      expect(
        policy.split(';').map((d) => d.trim().split(' ')[0]),
        c.name,
      ).toEqual(['default-src', 'script-src', 'style-src', 'img-src', 'connect-src', 'base-uri', 'form-action']);
      expect(policy, c.name).not.toMatch(/[\r\n"*]|javascript|169\.254|evil/);
    }
    expect(cases).toBeGreaterThan(20);
    const hostileServers = CASES.find((c) => c.name === 'hostile-server-urls')!;
    const model = (await analyzeSpec({ openapiText: hostileServers.openapiText, mode: 'flagship' })).model!;
    expect(apiOrigins(model)).toEqual(['https://api.example.com']);
  });

  it("the service's header reads the site's connect-origins.json and re-checks it", () => {
    const files = (origins: unknown): Map<string, Uint8Array> =>
      new Map([['connect-origins.json', new TextEncoder().encode(JSON.stringify({ version: 1, origins }))]]);
    expect(docsSiteCsp(files(['https://api.example.com']))).toContain(
      "connect-src 'self' https://api.example.com; font-src 'self'",
    );
    expect(
      docsSiteCsp(files(["https://x.example; script-src 'unsafe-inline'", '*', 'https://ok.example/path'])),
    ).toContain("connect-src 'self'; font-src");
    expect(docsSiteCsp(new Map())).toContain("connect-src 'self';");
    expect(docsSiteCsp(undefined)).toContain("connect-src 'self';");
    expect(readConnectOrigins('not json')).toEqual([]);
  });
});

describe("samples from the description's examples", () => {
  it("take the body's example values (same type) and the array parameter's example in every language", async () => {
    const text = readFileSync(join(FIXTURES, 'try-it.openapi.yaml'), 'utf8');
    const model = (await analyzeSpec({ openapiText: text, mode: 'flagship' })).model!;
    const op = model.operations.find((o) => o.path === '/pets/{petId}/toys')!;
    const samples = new SampleBuilder(model).samples(op);
    expect(samples.typescript).toContain('tag: ["red", "squeaky"],\n    name: "Ball"');
    // Every value of the body's example, the optional `size` too.
    expect(samples.typescript).toContain('name: "Ball",\n    size: 3');
    expect(samples.python).toContain('("rex-1", tag=["red", "squeaky"], name="Ball", size=3)');
    expect(samples.go).toContain(
      'client.Pets.Toys(context.TODO(), "rex-1", toyshop.PetToysParams{Tag: []string{"red", "squeaky"}, Name: "Ball", Size: toyshop.Int(3)})',
    );
    expect(samples.curl).toContain("?tag=red&tag=squeaky'");
    expect(samples.curl).toContain('"name": "Ball",\n  "size": 3');
  });
});

describe('the try-it form', () => {
  it('is built from the servers, credentials, parameters and body, with the examples filled in', async () => {
    const { model, docsSourceText } = await docsFixture('small');
    const files = emitDocsSite(model, docsSourceText !== undefined ? { docsSourceText } : {});
    const books = files.find((f) => f.path === 'resources/books.html')!.content;
    const form = /<form class="try-form" id="books-retrieve-try"[\s\S]*?<\/form>/.exec(books)?.[0] ?? '';
    expect(form).toContain('data-method="GET" data-path="/books/{bookId}"');
    expect(form).toContain('data-url="https://{region}.bookshop.example/v2"');
    expect(form).toMatch(
      /<select id="books-retrieve-try-s0v0" data-var="region"><option value="eu" selected>eu<\/option>/,
    );
    expect(form).toMatch(/value="bk_1" data-param data-in="path" data-name="bookId"/);
    expect(form).toContain('type="password" autocomplete="off" spellcheck="false" data-auth="http" data-word="Bearer"');
    // Every input has a label.
    const tags = tagsOf(form);
    const ids = tags.filter((t) => ['input', 'select', 'textarea'].includes(t.name)).map((t) => t.attrs.get('id'));
    const labelled = new Set(tags.filter((t) => t.name === 'label').map((t) => t.attrs.get('for')));
    expect(ids.length).toBeGreaterThan(2);
    for (const id of ids) expect(labelled.has(id), id).toBe(true);
    const create = /<form class="try-form" id="books-create-try"[\s\S]*?<\/form>/.exec(books)?.[0] ?? '';
    const body = /<textarea id="books-create-try-body"[^>]*>([\s\S]*?)<\/textarea>/.exec(create)?.[1] ?? '';
    expect(JSON.parse(decodeEntities(body))).toEqual({ title: 'string', genre: 'fiction' });
  });

  it("writes a hostile description's names, examples and server URLs as escaped attribute values and text", async () => {
    const { model, docsSourceText } = await docsFixture('hostile');
    const files = emitDocsSite(model, docsSourceText !== undefined ? { docsSourceText } : {});
    const page = files.find((f) => f.path === 'resources/things.html')!.content;
    const forms = page.match(/<form class="try-form"[\s\S]*?<\/form>/g) ?? [];
    expect(forms.length).toBe(2);
    for (const form of forms) {
      // tagsOf throws on any `<` that does not open a real tag: payloads are text.
      const tags = tagsOf(form);
      for (const tag of tags) for (const name of tag.attrs.keys()) expect(name.startsWith('on'), name).toBe(false);
      expect(tags.some((t) => t.name === 'script' || t.name === 'img')).toBe(false);
    }
    const get = forms[0] ?? '';
    const names = tagsOf(get)
      .filter((t) => t.attrs.has('data-param'))
      .map((t) => t.attrs.get('data-name'));
    expect(names).toEqual(['id"><script>window.__pwned=32</script>', 'q" onfocus="window.__pwned=39']);
    expect(get).toContain('value="&#39;; window.__pwned=38; &#39;"');
    const files2 = files.find((f) => f.path === 'connect-origins.json')!;
    expect(JSON.parse(files2.content).origins).toEqual([]);
  });
});

function state(overrides: Partial<TryItState> = {}): TryItState {
  return {
    method: 'POST',
    path: '/pets/{petId}/toys',
    serverUrl: 'https://{region}.api.example.com/v1/',
    variables: { region: 'eu' },
    params: [
      { in: 'path', name: 'petId', style: 'simple', explode: false, array: false, required: true, value: 'a b/c' },
      { in: 'query', name: 'tag', style: 'form', explode: true, array: true, required: false, value: 'x\ny z\n' },
      { in: 'query', name: 'ids', style: 'form', explode: false, array: true, required: false, value: '1\n2' },
      { in: 'query', name: 'p', style: 'pipeDelimited', explode: false, array: true, required: false, value: 'a\nb' },
      { in: 'query', name: 'empty', style: 'form', explode: true, array: false, required: false, value: '' },
      { in: 'header', name: 'X-Trace', style: 'simple', explode: false, array: false, required: false, value: 't1' },
      { in: 'cookie', name: 'session', style: 'form', explode: true, array: false, required: false, value: 's' },
    ],
    body: { kind: 'json', mediaType: 'application/json', text: '{"name":"Rex"}' },
    credentials: [{ kind: 'apiKey', in: 'header', name: 'X-Api-Key', value: 'sekret' }],
    ...overrides,
  };
}

describe('the try-it console logic', () => {
  it('serializes path, query arrays (by style), headers, credentials and the body', () => {
    const request = buildRequest(state(), PAGE);
    expect(request.url).toBe('https://eu.api.example.com/v1/pets/a%20b%2Fc/toys?tag=x&tag=y%20z&ids=1,2&p=a|b');
    expect(request.headers).toEqual([
      { name: 'X-Trace', value: 't1' },
      { name: 'X-Api-Key', value: 'sekret', secret: true },
      { name: 'Content-Type', value: 'application/json' },
    ]);
    expect(request.body).toEqual({ text: '{"name":"Rex"}' });
    expect(request.problems).toEqual([]);
    expect(request.notes).toEqual([expect.stringContaining('cookie session')]);
  });

  it('stops on a missing required parameter or a body that is not JSON', () => {
    const s = state();
    s.params[0]!.value = '';
    s.body = { kind: 'json', mediaType: 'application/json', text: '{oops' };
    expect(buildRequest(s, PAGE).problems).toEqual(['petId is required.', 'The body is not valid JSON.']);
  });

  it('stops on a header a browser cannot send (a hostile name or a line break)', () => {
    const s = state({
      credentials: [{ kind: 'apiKey', in: 'header', name: `X-Key'"><img src=x>`, value: 'v' }],
    });
    s.params[5]!.value = 'a\r\nX-Injected: 1';
    expect(buildRequest(s, PAGE).problems).toEqual([
      'The value of X-Trace holds a line break.',
      `X-Key'"><img src=x> is not a header name a browser can send.`,
    ]);
  });

  it('shows the request as curl with credentials masked', () => {
    const s = state({
      credentials: [
        { kind: 'apiKey', in: 'query', name: 'key', value: 'sekret' },
        { kind: 'http', word: 'Bearer', value: 'tok123' },
      ],
    });
    const curl = curlCommand(buildRequest(s, PAGE));
    expect(curl).not.toContain('sekret');
    expect(curl).not.toContain('tok123');
    expect(curl).toBe(
      [
        'curl --request POST',
        "--url 'https://eu.api.example.com/v1/pets/a%20b%2Fc/toys?tag=x&tag=y%20z&ids=1,2&p=a|b&key=****'",
        "--header 'X-Trace: t1'",
        "--header 'Authorization: Bearer ****'",
        "--header 'Content-Type: application/json'",
        `--data '{"name":"Rex"}'`,
      ].join(' \\\n  '),
    );
    expect(buildRequest(s, PAGE).url).toContain('key=sekret');
  });

  it('fetches a client-credentials token first, with the id and the secret, as the SDKs do', () => {
    const s = state({
      credentials: [
        { kind: 'client', id: 'cid', secret: 'csecret', tokenUrl: '/oauth/token', scopes: 'read write' },
        { kind: 'http', word: 'Bearer', value: '' },
      ],
    });
    const client = clientCredentials(s)!;
    const token = tokenRequest(client, s, PAGE);
    expect(token.url).toBe('https://eu.api.example.com/oauth/token');
    expect(token.headers[0]).toEqual({ name: 'Authorization', value: `Basic ${btoa('cid:csecret')}`, secret: true });
    expect(token.body).toEqual({
      form: [
        ['grant_type', 'client_credentials'],
        ['scope', 'read write'],
      ],
    });
    const curl = curlCommand(buildRequest(s, PAGE), client, token.url);
    expect(curl.split('\n')[0]).toBe(
      "TOKEN=$(curl --silent --request POST --url https://eu.api.example.com/oauth/token --user 'cid:****' --data grant_type=client_credentials --data-urlencode 'scope=read write' | jq -r .access_token)",
    );
    expect(curl).toContain('--header "Authorization: Bearer $TOKEN"');
    expect(curl).not.toContain('csecret');
    // With the token, the request carries it.
    expect(buildRequest(s, PAGE, 'tkn').headers).toContainEqual({
      name: 'Authorization',
      value: 'Bearer tkn',
      secret: true,
    });
    // A token given directly wins over the flow.
    s.credentials[1] = { kind: 'http', word: 'Bearer', value: 'given' };
    expect(clientCredentials(s)).toBeUndefined();
  });

  it('explains a refusal in words: the CSP, mixed content, CORS', () => {
    const policy = docsContentSecurityPolicy(['https://eu.api.example.com']);
    const allowed = connectSources(policy);
    expect(allowed).toEqual(['https://eu.api.example.com']);
    expect(connectAllowed('https://eu.api.example.com/v1/x', PAGE, allowed)).toBe(true);
    expect(connectAllowed('https://docs.example.org/x', PAGE, allowed)).toBe(true);
    expect(refusalBeforeSending('https://evil.example/x', PAGE, allowed)).toBe('csp');
    expect(explainRefusal('csp', 'https://evil.example/x', PAGE, allowed)).toContain(
      "Content-Security-Policy lets the console connect only to the API's own servers (https://eu.api.example.com), and https://evil.example is not one of them",
    );
    expect(refusalBeforeSending('http://eu.api.example.com/x', PAGE, ['http://eu.api.example.com'])).toBe(
      'mixed-content',
    );
    expect(refusalBeforeSending('http://127.0.0.1:9/x', PAGE, ['http://127.0.0.1:9'])).toBeUndefined();
    expect(explainRefusal('network', 'https://eu.api.example.com/v1', PAGE, allowed)).toMatch(
      /CORS: the API did not answer with an Access-Control-Allow-Origin header that allows this page \(https:\/\/docs\.example\.org\)/,
    );
  });

  it('highlights JSON as tokens and leaves anything else as one text', () => {
    const tokens = highlightTokens('{"a":[1,true,"<b>"]}', 'application/json');
    expect(tokens.map((t) => t.text).join('')).toBe(JSON.stringify({ a: [1, true, '<b>'] }, null, 2));
    expect(tokens.filter((t) => t.kind !== 'space').map((t) => [t.kind, t.text])).toEqual([
      ['punct', '{'],
      ['key', '"a"'],
      ['punct', ':'],
      ['punct', '['],
      ['number', '1'],
      ['punct', ','],
      ['literal', 'true'],
      ['punct', ','],
      ['string', '"<b>"'],
      ['punct', ']'],
      ['punct', '}'],
    ]);
    expect(highlightTokens('<html>', 'text/html')).toEqual([{ kind: 'text', text: '<html>' }]);
    expect(highlightTokens('{broken', 'application/json')).toEqual([{ kind: 'text', text: '{broken' }]);
  });
});
