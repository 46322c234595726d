// The generated Go SDK against a real HTTP server on 127.0.0.1: a Go program using the built
// module (`go run`, offline) exercises success and typed errors, omitted vs sent fields, raw JSON
// and unknown fields, retries after 429 (Retry-After, one idempotency key), pagination (Next/Current
// and iter.Seq2), path encoding, multipart uploads, server-sent events, a per-attempt timeout and
// a canceled context, raw responses, per-request options, the OAuth2 client credentials grant
// (one token for many calls, a refused secret) and Standard Webhooks verification. Two fixtures:
// `live` (API key) and `oauth-hooks` (OAuth2, webhooks).

import { createHmac } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitGoSdk } from '../../../../workers/generators/go/index.ts';
import { goEnv } from '../../../../workers/pipeline/go-tools.ts';
import { fixtureModel, GO_MISSING, GO_TOOLS, runTool, writeModule } from './helpers.ts';

if (GO_TOOLS === undefined) console.warn(`\n!!! Go SDK live suite SKIPPED: ${GO_MISSING.join(', ')} not found.\n`);

const PETS = [
  { id: 'p1', name: 'Rex', tag: null },
  // `born` is not in the description: a key the response struct keeps in JSON.ExtraFields.
  { id: 'p2', name: 'Tom', tag: 'cat', born: 2019 },
  { id: 'p3', name: 'Kit', tag: null },
];

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

const LIVE_PROGRAM = `package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log"
	"net/http"
	"os"
	"strings"
	"time"

	livepets "github.com/live-pets/live-pets-go"
	"github.com/live-pets/live-pets-go/option"
)

func main() {
	out := map[string]any{}
	ctx := context.Background()
	client := livepets.NewClient(option.WithBaseURL(os.Getenv("LIVE_URL")), option.WithAPIKey("secret-key"))

	pet, err := client.Pets.Get(ctx, "p2")
	if err != nil {
		panic(err)
	}
	out["pet"] = []any{pet.ID, pet.Name, pet.Tag, pet.JSON.Tag.Valid(), pet.JSON.ExtraFields["born"].Raw(), strings.Contains(pet.RawJSON(), "born")}
	one, err := client.Pets.Get(ctx, "p1")
	if err != nil {
		panic(err)
	}
	out["null_tag"] = []any{one.Tag, one.JSON.Tag.IsNull(), one.JSON.Tag.Valid()}

	_, err = client.Pets.Get(ctx, "missing")
	var apierr *livepets.Error
	if errors.As(err, &apierr) {
		out["not_found"] = []any{apierr.StatusCode, apierr.RequestID, apierr.Body}
	}

	created, err := client.Pets.New(ctx, livepets.PetNewParams{Name: "Bo", Tag: livepets.String("dog")})
	if err != nil {
		panic(err)
	}
	out["created"] = []any{created.ID, created.Name, created.Tag}
	if _, err := client.Pets.New(ctx, livepets.PetNewParams{Name: "Al"}); err != nil {
		panic(err)
	}

	var ids []string
	pager := client.Pets.ListAutoPaging(ctx, livepets.PetListParams{Limit: livepets.Int(2)})
	for pager.Next() {
		ids = append(ids, pager.Current().ID)
	}
	if pager.Err() != nil {
		panic(pager.Err())
	}
	out["pages"] = ids
	var ranged []string
	for item, err := range client.Pets.ListAutoPaging(ctx, livepets.PetListParams{}).All() {
		if err != nil {
			panic(err)
		}
		ranged = append(ranged, item.Name)
	}
	out["ranged"] = ranged
	page, err := client.Pets.List(ctx, livepets.PetListParams{})
	if err != nil {
		panic(err)
	}
	out["first_page"] = []any{len(page.Items), page.HasNextPage()}

	echo, err := client.Diagnostics.Echo(ctx, "a/b c?&\\u00e9")
	if err != nil {
		panic(err)
	}
	out["echo"] = echo.Path

	var raw *http.Response
	flaky, err := client.Diagnostics.Flaky(ctx, livepets.DiagnosticFlakyParams{Note: livepets.String("x")}, option.WithResponseInto(&raw))
	if err != nil {
		panic(err)
	}
	out["flaky"] = []any{flaky.Attempts, flaky.IdempotencyKey != "", raw.StatusCode, raw.Header.Get("X-Request-Id")}
	_, err = client.Diagnostics.Flaky(ctx, livepets.DiagnosticFlakyParams{}, option.WithMaxRetries(0))
	if errors.As(err, &apierr) {
		out["no_retry"] = apierr.StatusCode
	}

	_, err = client.Diagnostics.Slow(ctx, option.WithRequestTimeout(300*time.Millisecond), option.WithMaxRetries(0))
	out["timeout"] = errors.Is(err, context.DeadlineExceeded)
	canceled, cancel := context.WithCancel(ctx)
	go func() {
		time.Sleep(200 * time.Millisecond)
		cancel()
	}()
	started := time.Now()
	_, err = client.Diagnostics.Slow(canceled)
	out["canceled"] = []any{errors.Is(err, context.Canceled), time.Since(started) < 2*time.Second}

	upload, err := client.Diagnostics.Upload(ctx, livepets.DiagnosticUploadParams{File: livepets.File(strings.NewReader("hello file"), "pet.txt", "text/plain"), Title: "Pet"})
	if err != nil {
		panic(err)
	}
	out["upload"] = upload.Fields

	stream := client.Diagnostics.Ticks.StreamStreaming(ctx)
	var ticks []int64
	for stream.Next() {
		ticks = append(ticks, stream.Current().N)
	}
	if stream.Err() != nil {
		panic(stream.Err())
	}
	stream.Close()
	out["ticks"] = ticks

	// The options Stainless's Go SDKs offer beyond those above.
	var body map[string]any
	if _, err := client.Pets.Get(ctx, "p2", option.WithResponseBodyInto(&body)); err != nil {
		panic(err)
	}
	out["body_into"] = body["born"]
	edited, err := client.Pets.New(ctx, livepets.PetNewParams{Name: "Cy", Tag: livepets.String("x")}, option.WithJSONSet("name", "Zed"), option.WithJSONDel("tag"))
	if err != nil {
		panic(err)
	}
	out["json_edit"] = []any{edited.Name, edited.Tag}
	unpaged, err := client.Pets.List(ctx, livepets.PetListParams{}, option.WithQuery("cursor", "c2"), option.WithQueryDel("cursor"))
	if err != nil {
		panic(err)
	}
	out["query_del"] = len(unpaged.Items)
	var seen []string
	var logged bytes.Buffer
	middleware := func(r *http.Request, next option.MiddlewareNext) (*http.Response, error) {
		resp, err := next(r)
		if err == nil {
			seen = append(seen, r.Method+" "+r.URL.Path+" "+resp.Status)
		}
		return resp, err
	}
	if _, err := client.Pets.Get(ctx, "p1", option.WithMiddleware(middleware), option.WithDebugLog(log.New(&logged, "", 0))); err != nil {
		panic(err)
	}
	out["middleware"] = seen
	out["debug_log"] = logged.String()

	data, _ := json.Marshal(out)
	os.Stdout.Write(data)
}
`;

const HOOKED_PROGRAM = `package main

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"os"

	hookedpets "github.com/hooked-pets/hooked-pets-go"
	"github.com/hooked-pets/hooked-pets-go/option"
)

func main() {
	out := map[string]any{}
	ctx := context.Background()
	client := hookedpets.NewClient(option.WithBaseURL(os.Getenv("HOOKED_URL")), option.WithClientCredentials("cid", "csecret"), option.WithWebhookSecret(os.Getenv("WEBHOOK_SECRET")))
	var names []string
	for _, id := range []string{"p1", "p2", "p1"} {
		pet, err := client.Pets.Get(ctx, id)
		if err != nil {
			panic(err)
		}
		names = append(names, pet.Name)
	}
	out["names"] = names

	wrong := hookedpets.NewClient(option.WithBaseURL(os.Getenv("HOOKED_URL")), option.WithClientCredentials("cid", "nope"))
	_, err := wrong.Pets.Get(ctx, "p1")
	var oauthErr *hookedpets.OAuthError
	if errors.As(err, &oauthErr) {
		out["refused"] = []any{oauthErr.StatusCode, oauthErr.Code, oauthErr.ErrorDescription}
	}

	headers := http.Header{}
	headers.Set("webhook-id", os.Getenv("WEBHOOK_ID"))
	headers.Set("webhook-timestamp", os.Getenv("WEBHOOK_TS"))
	headers.Set("webhook-signature", os.Getenv("WEBHOOK_SIG"))
	payload := []byte(os.Getenv("WEBHOOK_BODY"))
	raw, err := client.Webhooks.Unwrap(payload, headers)
	if err != nil {
		panic(err)
	}
	var event hookedpets.PetCreatedEvent
	if err := json.Unmarshal(raw, &event); err != nil {
		panic(err)
	}
	out["event"] = []any{string(event.Type), event.Data.Name}
	tampered := client.Webhooks.Verify(append(payload, ' '), headers)
	var verr *hookedpets.WebhookVerificationError
	out["tampered"] = errors.As(tampered, &verr)
	other := client.Webhooks.Verify(payload, headers, option.WithWebhookSecret("whsec_b3RoZXI="))
	out["other_secret"] = other != nil

	data, _ := json.Marshal(out)
	os.Stdout.Write(data)
}
`;

describe.skipIf(GO_TOOLS === undefined)('generated Go SDK against a live server', () => {
  let server: Server;
  let base = '';
  const root = mkdtempSync(join(tmpdir(), 'go-sdk-live-'));
  const flakyAttempts = new Map<string, number>();
  const created: unknown[] = [];
  let tokenRequests = 0;
  const bearerSeen: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      void (async () => {
        const body = await readBody(req);
        const url = new URL(req.url ?? '/', 'http://x');
        const rawPath = (req.url ?? '').split('?')[0] as string;
        const json = (status: number, value: unknown, headers: Record<string, string> = {}): void => {
          res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': 'req-42', ...headers });
          res.end(JSON.stringify(value));
        };
        if (req.method === 'POST' && url.pathname === '/oauth/token') {
          tokenRequests++;
          const form = new URLSearchParams(body.toString('utf8'));
          const basic = Buffer.from(
            String(req.headers.authorization ?? '').replace(/^Basic /, ''),
            'base64',
          ).toString();
          if (basic !== 'cid:csecret') return json(401, { error: 'invalid_client', error_description: 'bad secret' });
          if (form.get('grant_type') !== 'client_credentials' || form.get('scope') !== 'pets:read pets:write')
            return json(400, { error: 'invalid_request' });
          return json(200, { access_token: 'tok-1', token_type: 'Bearer', expires_in: 3600 });
        }
        if (url.pathname.startsWith('/h/v1/pets/')) {
          bearerSeen.push(String(req.headers.authorization));
          if (req.headers.authorization !== 'Bearer tok-1') return json(401, { message: 'no token' });
          const pet = PETS.find((p) => p.id === url.pathname.slice('/h/v1/pets/'.length));
          return pet ? json(200, pet) : json(404, { message: 'missing' });
        }
        if (req.headers['x-api-key'] !== 'secret-key') return json(401, { message: 'no key' });
        if (req.method === 'GET' && url.pathname === '/v1/pets') {
          const cursor = url.searchParams.get('cursor');
          if (cursor === null) return json(200, { data: PETS.slice(0, 2), next_cursor: 'c2' });
          if (cursor === 'c2') return json(200, { data: PETS.slice(2), next_cursor: null });
          return json(400, { message: 'bad cursor' });
        }
        if (req.method === 'POST' && url.pathname === '/v1/pets') {
          const input = JSON.parse(body.toString('utf8')) as { name: string; tag?: string };
          created.push(input);
          return json(201, { id: 'p9', name: input.name, tag: input.tag ?? null });
        }
        if (req.method === 'GET' && rawPath.startsWith('/v1/pets/')) {
          const id = decodeURIComponent(rawPath.slice('/v1/pets/'.length));
          const pet = PETS.find((p) => p.id === id);
          return pet ? json(200, pet) : json(404, { message: `pet ${id} not found` });
        }
        if (req.method === 'GET' && rawPath.startsWith('/v1/echo/')) return json(200, { path: rawPath });
        if (req.method === 'POST' && url.pathname === '/v1/flaky') {
          const key = String(req.headers['idempotency-key'] ?? '');
          const attempts = (flakyAttempts.get(key) ?? 0) + 1;
          flakyAttempts.set(key, attempts);
          if (attempts === 1) return json(429, { message: 'slow down' }, { 'retry-after': '0' });
          return json(200, { path: rawPath, attempts, idempotency_key: key === '' ? null : key });
        }
        if (req.method === 'GET' && url.pathname === '/v1/slow') {
          setTimeout(() => json(200, { path: rawPath }), 3000).unref();
          return;
        }
        if (req.method === 'POST' && url.pathname === '/v1/uploads') {
          const text = body.toString('latin1');
          const fields = {
            content_type: String(req.headers['content-type']).split(';')[0] ?? '',
            has_file: String(text.includes('filename="pet.txt"')),
            has_bytes: String(text.includes('hello file')),
            title: /name="title"\r\n\r\n([^\r]*)/.exec(text)?.[1] ?? '',
          };
          return json(200, { path: rawPath, fields });
        }
        if (req.method === 'GET' && url.pathname === '/v1/ticks') {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.end('data: {"n": 1}\n\n: comment\ndata: {"n": 2}\n\nevent: done\ndata: {"n": 3}\n\n');
          return;
        }
        json(404, { message: 'no route' });
      })();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    for (const [name, program] of [
      ['live', LIVE_PROGRAM],
      ['oauth-hooks', HOOKED_PROGRAM],
    ] as const) {
      const dir = join(root, name);
      writeModule(dir, emitGoSdk(await fixtureModel(name)));
      mkdirSync(join(dir, 'cmd/check'), { recursive: true });
      writeFileSync(join(dir, 'cmd/check/main.go'), program);
    }
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(root, { recursive: true, force: true });
  });

  const runProgram = async (name: string, env: Record<string, string>): Promise<Record<string, unknown>> => {
    const result = await runTool((GO_TOOLS as { go: string }).go, ['run', './cmd/check'], join(root, name), goEnv(env));
    expect(result.code, result.output).toBe(0);
    return JSON.parse(result.output) as Record<string, unknown>;
  };

  it('calls every kind of method of the live fixture and reads what the server answered', async () => {
    const out = await runProgram('live', { LIVE_URL: `${base}/v1` });
    expect(out.pet).toEqual(['p2', 'Tom', 'cat', true, '2019', true]);
    expect(out.null_tag).toEqual(['', true, false]);
    expect(out.not_found).toEqual([404, 'req-42', '{"message":"pet missing not found"}']);
    expect(out.created).toEqual(['p9', 'Bo', 'dog']);
    // An omitted param.Opt is not sent at all (not as null, not as "").
    expect(created.slice(0, 2)).toEqual([{ name: 'Bo', tag: 'dog' }, { name: 'Al' }]);
    expect(out.pages).toEqual(['p1', 'p2', 'p3']);
    expect(out.ranged).toEqual(['Rex', 'Tom', 'Kit']);
    expect(out.first_page).toEqual([2, true]);
    expect(out.echo).toBe('/v1/echo/a%2Fb%20c%3F&%C3%A9');
    // Retried once after 429 + Retry-After: 0, with the same idempotency key; the raw response is the last one.
    expect(out.flaky).toEqual([2, true, 200, 'req-42']);
    expect(out.no_retry).toBe(429);
    expect(out.timeout).toBe(true);
    expect(out.canceled).toEqual([true, true]);
    expect(out.upload).toEqual({
      content_type: 'multipart/form-data',
      has_file: 'true',
      has_bytes: 'true',
      title: 'Pet',
    });
    expect(out.ticks).toEqual([1, 2, 3]);
    expect(out.body_into).toBe(2019);
    expect(out.json_edit).toEqual(['Zed', '']);
    expect(created.at(-1)).toEqual({ name: 'Zed' });
    expect(out.query_del).toBe(2); // the first page: the cursor was left out
    expect(out.middleware).toEqual(['GET /v1/pets/p1 200 OK']);
    expect(out.debug_log).toMatch(
      /^request: GET http:\/\/127\.0\.0\.1:\d+\/v1\/pets\/p1\nresponse: GET http:\/\/127\.0\.0\.1:\d+\/v1\/pets\/p1: 200 OK\n$/,
    );
  }, 300_000);

  it('fetches one OAuth2 token for many calls, reports a refused secret, and verifies webhooks', async () => {
    const secret = `whsec_${Buffer.from('hooked-secret-key').toString('base64')}`;
    const id = 'msg_1';
    const ts = String(Math.floor(Date.now() / 1000));
    const payload = JSON.stringify({ type: 'pet.created', data: { id: 'p1', name: 'Rex', tag: null } });
    const signature = createHmac('sha256', Buffer.from('hooked-secret-key'))
      .update(`${id}.${ts}.${payload}`)
      .digest('base64');
    const out = await runProgram('oauth-hooks', {
      HOOKED_URL: `${base}/h/v1`,
      WEBHOOK_SECRET: secret,
      WEBHOOK_ID: id,
      WEBHOOK_TS: ts,
      WEBHOOK_SIG: `v1,bm90IGl0 v1,${signature}`,
      WEBHOOK_BODY: payload,
    });
    expect(out.names).toEqual(['Rex', 'Tom', 'Rex']);
    // One token for the three calls, one refused attempt for the wrong secret.
    expect(tokenRequests).toBe(2);
    expect(new Set(bearerSeen)).toEqual(new Set(['Bearer tok-1']));
    expect(out.refused).toEqual([401, 'invalid_client', 'bad secret']);
    expect(out.event).toEqual(['pet.created', 'Rex']);
    expect(out.tampered).toBe(true);
    expect(out.other_secret).toBe(true);
  }, 300_000);
});
