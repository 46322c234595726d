// The generated Python SDK's OAuth2 client credentials, webhooks and raw responses (#21), as a user
// gets them: the packages are built into wheels (`pyproject-build --no-isolation`) and installed
// offline into a fresh venv; python3 scripts run against real servers on 127.0.0.1: a token
// endpoint + API (node:http, counting token fetches, issuing expiring tokens, revoking them), the
// Shelter API (tests/fakes/shelter-server.ts) for raw responses, and webhooks signed by the
// reference Standard Webhooks implementation (npm `standardwebhooks`).

import { createHmac } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeSpec } from '../../../../workers/generators/analyze.ts';
import { emitPythonSdk } from '../../../../workers/generators/python/index.ts';
import { pythonTools } from '../../../../workers/pipeline/python-tools.ts';
import { fixtureModel, MYPY, PYTHON, REPO_ROOT, run, writeFiles } from './helpers.ts';
import { startShelterServer, type ShelterServer } from '../../../fakes/shelter-server.ts';

const BUILD = pythonTools().pyprojectBuild;
const reason =
  PYTHON === undefined
    ? 'python3 is not on PATH'
    : BUILD === undefined
      ? 'the pinned pyproject-build is not set up (npm run setup:python-tools)'
      : undefined;
if (reason !== undefined) console.warn(`\n!!! Python SDK depth live suite SKIPPED: ${reason}.\n`);

const CLIENT_ID = 'pets-app';
const CLIENT_SECRET = 's3cr:et&+';
const SHELTER_KEY = 'shelter-key';

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    req.setEncoding('utf8').on('data', (c: string) => (body += c));
    req.on('end', () => resolve(body));
  });
}

/** The token endpoint and the API its tokens open, with counters the tests read. */
class OAuthApi {
  fetches = 0;
  unauthorized = 0;
  apiCalls = 0;
  failWith: { status: number; body: unknown } | undefined;
  tokenRequests: { grantType: string | null; scope: string | null; basic: string }[] = [];
  private issued = new Map<string, number>();
  private revoked = new Set<string>();

  handle(req: IncomingMessage, res: ServerResponse, body: string): void {
    const url = new URL(req.url ?? '/', 'http://x');
    const json = (status: number, value: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': `req-${this.apiCalls}` });
      res.end(JSON.stringify(value));
    };
    if (req.method === 'POST' && url.pathname === '/oauth/token') {
      this.fetches += 1;
      const form = new URLSearchParams(body);
      const basic = Buffer.from(String(req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
      this.tokenRequests.push({ grantType: form.get('grant_type'), scope: form.get('scope'), basic });
      // Slow enough that concurrent requests overlap the fetch.
      setTimeout(() => {
        if (this.failWith) return json(this.failWith.status, this.failWith.body);
        const [id, secret] = basic.split(':').map((part) => decodeURIComponent(part.replace(/\+/g, ' ')));
        if (id !== CLIENT_ID || secret !== CLIENT_SECRET)
          return json(401, { error: 'invalid_client', error_description: 'Unknown client or wrong secret.' });
        const token = `tok-${this.fetches}`;
        // The first two tokens live 2 s (the expiry case); later ones an hour (the counts stay exact under load).
        const lifetime = this.fetches <= 2 ? 2 : 3600;
        this.issued.set(token, Date.now() + lifetime * 1000);
        json(200, { access_token: token, token_type: 'Bearer', expires_in: lifetime });
      }, 150);
      return;
    }
    if (req.method === 'POST' && url.pathname === '/admin/revoke') {
      for (const token of this.issued.keys()) this.revoked.add(token);
      return json(200, { revoked: this.revoked.size });
    }
    if (req.method === 'GET' && url.pathname === '/admin/stats')
      return json(200, { fetches: this.fetches, unauthorized: this.unauthorized, api_calls: this.apiCalls });
    this.apiCalls += 1;
    const token = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
    const expires = this.issued.get(token);
    const valid =
      token === 'static-token' || (expires !== undefined && expires > Date.now() && !this.revoked.has(token));
    if (!valid || url.pathname === '/v1/pets/locked') {
      this.unauthorized += 1;
      return json(401, { message: 'token expired, revoked or unknown' });
    }
    const one = /^\/v1\/pets\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && one) return json(200, { id: one[1], name: `Pet ${one[1]}`, tag: null });
    json(404, { message: 'no route' });
  }
}

describe.skipIf(reason !== undefined)(
  'generated Python SDK: OAuth2, webhooks, raw responses (installed wheels)',
  () => {
    const root = mkdtempSync(join(tmpdir(), 'py-sdk-depth-'));
    const venvPython = join(root, 'venv', 'bin', 'python');
    const oauth = new OAuthApi();
    let server: Server;
    let baseUrl = '';
    let shelter: ShelterServer;

    beforeAll(async () => {
      server = createServer((req, res) => {
        void readBody(req).then((body) => oauth.handle(req, res, body));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
      shelter = await startShelterServer(SHELTER_KEY);
      // The two packages, built into wheels with the standard tooling and installed offline.
      writeFiles(join(root, 'hooked'), emitPythonSdk(await fixtureModel('oauth-hooks')));
      const shelterModel = await analyzeSpec({
        openapiText: readFileSync(join(REPO_ROOT, 'tests/fixtures/cli/pets.openapi.yaml'), 'utf8'),
        configText: readFileSync(join(REPO_ROOT, 'tests/fixtures/cli/pets.config.yaml'), 'utf8'),
        mode: 'flagship',
      });
      if (!shelterModel.model) throw new Error('the Shelter fixture did not build');
      writeFiles(join(root, 'shelter'), emitPythonSdk(shelterModel.model, { moduleName: 'shelter_sdk' }));
      for (const pkg of ['hooked', 'shelter']) {
        const built = await run(BUILD as string, ['--no-isolation', '--wheel', '--outdir', join(root, 'dist'), '.'], {
          cwd: join(root, pkg),
        });
        expect(built.code, built.output).toBe(0);
      }
      const venv = await run(PYTHON as string, ['-m', 'venv', join(root, 'venv')]);
      expect(venv.code, venv.output).toBe(0);
      const wheels = readdirSync(join(root, 'dist')).map((f) => join(root, 'dist', f));
      expect(wheels).toHaveLength(2);
      const installed = await run(venvPython, [
        '-m',
        'pip',
        'install',
        '--no-index',
        '--no-deps',
        '--disable-pip-version-check',
        ...wheels,
      ]);
      expect(installed.code, installed.output).toBe(0);
    }, 180_000);

    afterAll(async () => {
      server?.closeAllConnections();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      await shelter?.close();
      rmSync(root, { recursive: true, force: true });
    });

    /** Runs a script with the venv's python (from an empty directory: the installed package is what imports). */
    async function runScript(name: string, script: string, env: Record<string, string> = {}): Promise<unknown> {
      const dir = join(root, 'scripts');
      rmSync(dir, { recursive: true, force: true });
      writeFiles(dir, [{ path: `${name}.py`, content: script }]);
      if (MYPY !== undefined) {
        // User code: strictly typed against the installed package (its py.typed), through the venv's site-packages.
        const checked = await run(
          MYPY,
          [
            '--strict',
            '--python-version',
            '3.10',
            '--python-executable',
            venvPython,
            '--cache-dir',
            join(root, '.mypy_cache'),
            join(dir, `${name}.py`),
          ],
          { timeoutMs: 120_000 },
        );
        expect(checked.output).toMatch(/^Success/);
      }
      const result = await run(venvPython, [join(dir, `${name}.py`)], {
        cwd: dir,
        env: { PATH: process.env.PATH ?? '', ...env },
        timeoutMs: 90_000,
      });
      expect(result.code, result.output).toBe(0);
      return JSON.parse(result.output.trim().split('\n').pop() as string);
    }

    it('client credentials: one fetch for concurrent threads, one refresh on expiry, one retry on revocation, OAuthError', async () => {
      const script = `
import json, threading, time, urllib.request
from concurrent.futures import ThreadPoolExecutor
from hooked_pets import AuthenticationError, HookedPets, OAuthError
from hooked_pets.types import Pet

BASE = ${JSON.stringify(baseUrl)}
ROOT = BASE[: -len("/v1")]


def stats() -> dict[str, int]:
    with urllib.request.urlopen(ROOT + "/admin/stats") as response:
        loaded: dict[str, int] = json.loads(response.read())
        return loaded


def revoke() -> None:
    urllib.request.urlopen(urllib.request.Request(ROOT + "/admin/revoke", data=b"", method="POST")).close()


out: dict[str, object] = {}
client = HookedPets(max_retries=0)
barrier = threading.Barrier(8)


def fetch(i: int) -> str:
    barrier.wait()
    pet: Pet = client.pets.retrieve("p" + str(i))
    return pet.id


with ThreadPoolExecutor(max_workers=8) as pool:
    out["concurrent"] = sorted(pool.map(fetch, range(8)))
out["after_concurrent"] = stats()
for i in range(3):
    client.pets.retrieve("again")
out["cached"] = stats()
time.sleep(2.2)  # the token (expires_in 2) is refreshed before it runs out: no 401
out["refreshed_pet"] = client.pets.retrieve("late").name
out["after_expiry"] = stats()
revoke()
out["retried_pet"] = client.pets.retrieve("revoked").id
out["after_revoke"] = stats()
revoke()
barrier = threading.Barrier(6)
with ThreadPoolExecutor(max_workers=6) as pool:
    out["concurrent_401"] = len(list(pool.map(fetch, range(6))))
out["after_concurrent_revoke"] = stats()
try:
    client.pets.retrieve("locked")
except AuthenticationError as error:
    out["locked"] = error.status_code
out["after_locked"] = stats()
static = HookedPets(access_token="static-token", client_id="ignored", client_secret="ignored")
out["static"] = static.pets.retrieve("s1").id
out["after_static"] = stats()
try:
    HookedPets(client_secret="wrong").pets.retrieve("x")
except OAuthError as error:
    out["wrong_secret"] = [type(error).__name__, error.status_code, error.error, error.error_description, error.url.endswith("/oauth/token")]
out["repr_hides_secret"] = "s3cr" not in repr(client._oauth) and "tok-" not in repr(client._oauth)
print(json.dumps(out))
`;
      const env = {
        HOOKED_PETS_BASE_URL: baseUrl,
        HOOKED_PETS_CLIENT_ID: CLIENT_ID,
        HOOKED_PETS_CLIENT_SECRET: CLIENT_SECRET,
      };
      const out = (await runScript('oauth_flow', script, env)) as Record<string, unknown>;
      expect(out.concurrent).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7']);
      // Eight threads, one token fetch.
      expect(out.after_concurrent).toEqual({ fetches: 1, unauthorized: 0, api_calls: 8 });
      expect(out.cached).toEqual({ fetches: 1, unauthorized: 0, api_calls: 11 });
      // Expiry: one refresh, before the server would refuse the token.
      expect(out.refreshed_pet).toBe('Pet late');
      expect(out.after_expiry).toEqual({ fetches: 2, unauthorized: 0, api_calls: 12 });
      // Revoked: one 401, one refresh, one retry.
      expect(out.retried_pet).toBe('revoked');
      expect(out.after_revoke).toEqual({ fetches: 3, unauthorized: 1, api_calls: 14 });
      // Six threads get 401 with the same revoked token: one refresh between them.
      expect(out.concurrent_401).toBe(6);
      // A thread that sends after the refresh already carries the new token (no 401): how many of the
      // six meet the revoked one depends on scheduling, but each that does costs one retry, and there
      // is one fetch between them all.
      const afterRevoke = out.after_concurrent_revoke as { fetches: number; unauthorized: number; api_calls: number };
      const refused = afterRevoke.unauthorized - 1;
      expect(refused).toBeGreaterThanOrEqual(1);
      expect(refused).toBeLessThanOrEqual(6);
      expect(afterRevoke).toEqual({ fetches: 4, unauthorized: 1 + refused, api_calls: 14 + 6 + refused });
      // A 401 that a fresh token does not cure: one refresh, one retry, then AuthenticationError.
      expect(out.locked).toBe(401);
      const locked = { fetches: 5, unauthorized: afterRevoke.unauthorized + 2, api_calls: afterRevoke.api_calls + 2 };
      expect(out.after_locked).toEqual(locked);
      // A token given directly wins over client credentials: no fetch.
      expect(out.static).toBe('s1');
      expect(out.after_static).toEqual({ ...locked, api_calls: locked.api_calls + 1 });
      expect(out.wrong_secret).toEqual(['OAuthError', 401, 'invalid_client', 'Unknown client or wrong secret.', true]);
      expect(out.repr_hides_secret).toBe(true);
      // Every token request: the client credentials grant, the flow's scopes, the id and secret by HTTP Basic
      // (form-encoded first, RFC 6749 2.3.1).
      expect(oauth.tokenRequests[0]).toEqual({
        grantType: 'client_credentials',
        scope: 'pets:read pets:write',
        basic: `${CLIENT_ID}:${encodeURIComponent(CLIENT_SECRET).replace(/%20/g, '+')}`,
      });
      expect(new Set(oauth.tokenRequests.map((r) => r.grantType))).toEqual(new Set(['client_credentials']));
    }, 120_000);

    it('client credentials: a failing token endpoint raises OAuthError with its status and error fields', async () => {
      oauth.failWith = { status: 503, body: { error: 'temporarily_unavailable', error_description: 'try later' } };
      try {
        const script = `
import json
from hooked_pets import APIError, HookedPets, OAuthError

out: dict[str, object] = {}
client = HookedPets(max_retries=0)
for attempt in range(2):
    try:
        client.pets.retrieve("x")
    except OAuthError as error:
        out["error" + str(attempt)] = [isinstance(error, APIError), error.status_code, error.error, error.error_description]
unreachable = HookedPets(base_url="http://127.0.0.1:9/v1")
try:
    unreachable.pets.retrieve("x")
except OAuthError as error:
    out["unreachable"] = [error.status_code, error.error]
print(json.dumps(out))
`;
        const before = oauth.fetches;
        const out = (await runScript('oauth_fail', script, {
          HOOKED_PETS_BASE_URL: baseUrl,
          HOOKED_PETS_CLIENT_ID: CLIENT_ID,
          HOOKED_PETS_CLIENT_SECRET: CLIENT_SECRET,
        })) as Record<string, unknown>;
        expect(out.error0).toEqual([true, 503, 'temporarily_unavailable', 'try later']);
        // A failure is not cached: the next request asks again.
        expect(out.error1).toEqual(out.error0);
        expect(oauth.fetches - before).toBe(2);
        expect(out.unreachable).toEqual([null, null]);
      } finally {
        oauth.failWith = undefined;
      }
    }, 120_000);

    it('webhooks: payloads signed by the reference Standard Webhooks signer verify and come back typed; tampering, old timestamps, wrong secrets and missing headers do not', async () => {
      const secret = `whsec_${Buffer.from('a-secret-of-32-bytes-for-testing!').toString('base64')}`;
      const oldSecret = `whsec_${Buffer.from('the-secret-we-rotated-away-from').toString('base64')}`;
      const other = `whsec_${Buffer.from('nobody-has-this-one').toString('base64')}`;
      const created = JSON.stringify({ type: 'pet.created', data: { id: 'p1', name: 'Rex', tag: null } });
      const adopted = JSON.stringify({ type: 'pet.adopted', data: { pet_id: 'p2', adopter: 'Ann' } });
      const decided = JSON.stringify({ type: 'adoption.decided', pet_id: 'p3', approved: true });
      const sign = (key: string, id: string, at: Date, body: string): Record<string, string> => ({
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': new Webhook(key).sign(id, at, body),
      });
      const now = new Date();
      const rotated = sign(secret, 'msg_rot', now, created);
      rotated['webhook-signature'] =
        `${sign(oldSecret, 'msg_rot', now, created)['webhook-signature']} ${rotated['webhook-signature']}`;
      const valid = sign(secret, 'msg_1', now, created);
      const { 'webhook-signature': _dropped, ...unsigned } = valid;
      const cases = [
        { name: 'created', body: created, headers: valid },
        // Header names arrive in any case.
        {
          name: 'adopted_arg_secret',
          body: adopted,
          headers: Object.fromEntries(
            Object.entries(sign(secret, 'msg_2', now, adopted)).map(([k, v]) => [k.toUpperCase(), v]),
          ),
          secret: secret.slice('whsec_'.length),
        },
        // A callback (requestAdoption's adoptionDecided) is verified and typed the same way.
        { name: 'callback', body: decided, headers: sign(secret, 'msg_cb', now, decided) },
        { name: 'tampered', body: created.replace('Rex', 'Max'), headers: valid },
        { name: 'old', body: created, headers: sign(secret, 'msg_3', new Date(now.getTime() - 6 * 60_000), created) },
        {
          name: 'future',
          body: created,
          headers: sign(secret, 'msg_4', new Date(now.getTime() + 6 * 60_000), created),
        },
        { name: 'wrong_secret', body: created, headers: sign(other, 'msg_5', now, created) },
        { name: 'rotated_new', body: created, headers: rotated },
        { name: 'rotated_old', body: created, headers: rotated, secret: oldSecret },
        { name: 'rotated_other', body: created, headers: rotated, secret: other },
        { name: 'missing_signature', body: created, headers: unsigned },
        { name: 'missing_all', body: created, headers: {} },
        { name: 'changed_id', body: created, headers: { ...valid, 'webhook-id': 'msg_other' } },
      ];
      // GitHub and Stripe signatures, computed here with node:crypto, for the schemes a config can name.
      const raw = 'github-secret';
      const github = `sha256=${createHmac('sha256', raw).update(created).digest('hex')}`;
      const t = Math.floor(now.getTime() / 1000);
      const stripe = `t=${t},v1=${createHmac('sha256', 'whsec_stripe').update(`${t}.${created}`).digest('hex')}`;
      writeFileSync(join(root, 'webhook-cases.json'), JSON.stringify({ cases, github, stripe }));
      const script = `
import json
from hooked_pets import HookedPets, WebhookVerificationError
from hooked_pets._webhooks import verify_webhook
from hooked_pets.types import AdoptionDecidedCallbackEvent, PetAdoptedWebhookEvent, PetCreatedEvent

with open(${JSON.stringify(join(root, 'webhook-cases.json'))}) as handle:
    loaded = json.load(handle)
client = HookedPets()
out: dict[str, object] = {}
for case in loaded["cases"]:
    try:
        event = client.webhooks.unwrap(case["body"].encode("utf-8"), case["headers"], secret=case.get("secret"))
        if isinstance(event, PetCreatedEvent):
            out[case["name"]] = ["PetCreatedEvent", event.type, event.data.name]
        elif isinstance(event, PetAdoptedWebhookEvent):
            out[case["name"]] = ["PetAdoptedWebhookEvent", event.type, event.data.adopter]
        elif isinstance(event, AdoptionDecidedCallbackEvent):
            out[case["name"]] = ["AdoptionDecidedCallbackEvent", event.type, event.pet_id, event.approved]
    except WebhookVerificationError as error:
        out[case["name"]] = ["error", str(error)]
body = loaded["cases"][0]["body"]
checks: dict[str, object] = {}
for name, scheme, headers, secret in [
    ("github", "github", {"X-Hub-Signature-256": loaded["github"]}, "github-secret"),
    ("github_wrong", "github", {"X-Hub-Signature-256": loaded["github"]}, "other"),
    ("stripe", "stripe", {"Stripe-Signature": loaded["stripe"]}, "whsec_stripe"),
    ("stripe_wrong", "stripe", {"Stripe-Signature": loaded["stripe"]}, "whsec_other"),
]:
    try:
        verify_webhook(body, headers, secret, scheme=scheme)
        checks[name] = "ok"
    except WebhookVerificationError as error:
        checks[name] = str(error)
out["schemes"] = checks
no_secret = HookedPets()
no_secret.webhook_secret = None  # neither an argument nor the environment variable
try:
    no_secret.webhooks.verify(body, loaded["cases"][0]["headers"])
except WebhookVerificationError as error:
    out["no_secret"] = str(error)
print(json.dumps(out))
`;
      const out = (await runScript('webhooks', script, { HOOKED_PETS_WEBHOOK_SECRET: secret })) as Record<
        string,
        unknown
      >;
      expect(out.created).toEqual(['PetCreatedEvent', 'pet.created', 'Rex']);
      expect(out.adopted_arg_secret).toEqual(['PetAdoptedWebhookEvent', 'pet.adopted', 'Ann']);
      expect(out.callback).toEqual(['AdoptionDecidedCallbackEvent', 'adoption.decided', 'p3', true]);
      expect(out.tampered).toEqual(['error', 'No matching webhook signature.']);
      expect(out.old).toEqual(['error', 'The webhook timestamp is too old.']);
      expect(out.future).toEqual(['error', 'The webhook timestamp is too new.']);
      expect(out.wrong_secret).toEqual(['error', 'No matching webhook signature.']);
      expect(out.rotated_new).toEqual(['PetCreatedEvent', 'pet.created', 'Rex']);
      expect(out.rotated_old).toEqual(['PetCreatedEvent', 'pet.created', 'Rex']);
      expect(out.rotated_other).toEqual(['error', 'No matching webhook signature.']);
      expect(out.missing_signature).toEqual(['error', 'Missing the webhook-signature header.']);
      expect(out.missing_all).toEqual(['error', 'Missing the webhook-id header.']);
      expect(out.changed_id).toEqual(['error', 'No matching webhook signature.']);
      expect(out.schemes).toEqual({
        github: 'ok',
        github_wrong: 'No matching webhook signature.',
        stripe: 'ok',
        stripe_wrong: 'No matching webhook signature.',
      });
      expect(out.no_secret).toMatch(/^No webhook secret/);
    }, 120_000);

    it('the async client: client credentials shared by concurrent tasks (one fetch), raw responses awaited, the webhooks helper there too', async () => {
      const script = `
import asyncio, json
from shelter_sdk import AsyncShelter, NotFoundError, RawResponse
from shelter_sdk.types import Pet
from hooked_pets import AsyncHookedPets
from hooked_pets.types import Pet as HookedPet


async def main() -> dict[str, object]:
    out: dict[str, object] = {}
    async with AsyncHookedPets(max_retries=0, max_workers=8) as hooked:
        pets: list[HookedPet] = await asyncio.gather(*(hooked.pets.retrieve("a" + str(i)) for i in range(8)))
        out["oauth_pets"] = [p.id for p in pets]
        out["has_webhooks"] = hooked.webhooks is not None
    async with AsyncShelter(api_key=${JSON.stringify(SHELTER_KEY)}, base_url=${JSON.stringify(shelter.baseURL)}) as client:
        raw: RawResponse[Pet] = await client.with_raw_response.pets.retrieve("p2", extra_headers={"X-Trace": "async-1"})
        out["raw"] = [raw.status_code, raw.headers["content-type"], raw.parse().name, raw.json()]
        try:
            await client.with_raw_response.pets.retrieve("nope")
        except NotFoundError as error:
            out["not_found"] = error.status_code
    return out


print(json.dumps(asyncio.run(main())))
`;
      const before = { fetches: oauth.fetches, apiCalls: oauth.apiCalls, unauthorized: oauth.unauthorized };
      const out = (await runScript('async_depth', script, {
        HOOKED_PETS_BASE_URL: baseUrl,
        HOOKED_PETS_CLIENT_ID: CLIENT_ID,
        HOOKED_PETS_CLIENT_SECRET: CLIENT_SECRET,
      })) as Record<string, unknown>;
      expect(out.oauth_pets).toEqual(['a0', 'a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7']);
      // Eight concurrent tasks on the worker pool, one token fetch between them.
      expect({
        fetches: oauth.fetches - before.fetches,
        apiCalls: oauth.apiCalls - before.apiCalls,
        unauthorized: oauth.unauthorized - before.unauthorized,
      }).toEqual({ fetches: 1, apiCalls: 8, unauthorized: 0 });
      expect(out.has_webhooks).toBe(true);
      expect(out.raw).toEqual([200, 'application/json', 'Tom', { id: 'p2', name: 'Tom', species: 'cat' }]);
      expect(out.not_found).toBe(404);
    }, 120_000);

    it('raw responses against the Shelter server: status, headers, body and parse(), pages, errors, threads', async () => {
      const script = `
import json
from concurrent.futures import ThreadPoolExecutor
from shelter_sdk import NotFoundError, RawResponse, Shelter
from shelter_sdk.types import Pet

client = Shelter(api_key=${JSON.stringify(SHELTER_KEY)}, base_url=${JSON.stringify(shelter.baseURL)})
out: dict[str, object] = {}
raw: RawResponse[Pet] = client.with_raw_response.pets.retrieve("p1", extra_headers={"X-Trace": "t-1"})
pet = raw.parse()
out["retrieve"] = [raw.status_code, raw.headers["content-type"], raw.method, raw.url.endswith("/v2/pets/p1"), pet.name, raw.json(), raw.text() == raw.content.decode()]
created = client.with_raw_response.pets.create(id="p9", name="Bo", species="dog")
out["create"] = [created.status_code, created.parse().id]
page = client.with_raw_response.pets.list(limit=2)
out["list_first"] = page.json()
out["list_all"] = [p.id for p in page.parse()]
health = client.with_raw_response.health.check()
out["health"] = [health.status_code, health.text(), health.headers["content-type"]]
try:
    client.with_raw_response.pets.retrieve("nope")
except NotFoundError as error:
    out["not_found"] = error.status_code


def one(pet_id: str) -> list[object]:
    response = client.with_raw_response.pets.retrieve(pet_id)
    body = response.json()
    return [pet_id, response.parse().id, body["id"] if isinstance(body, dict) else None]


with ThreadPoolExecutor(max_workers=6) as pool:
    out["threads"] = list(pool.map(one, ["p1", "p2", "p3"] * 4))
print(json.dumps(out))
`;
      const before = shelter.seen.length;
      const out = (await runScript('raw_responses', script)) as Record<string, unknown>;
      expect(out.retrieve).toEqual([
        200,
        'application/json',
        'GET',
        true,
        'Rex',
        { id: 'p1', name: 'Rex', species: 'dog' },
        true,
      ]);
      expect(out.create).toEqual([201, 'p9']);
      expect(out.list_first).toEqual({
        data: [
          { id: 'p1', name: 'Rex', species: 'dog' },
          { id: 'p2', name: 'Tom', species: 'cat' },
        ],
        next_cursor: '2',
      });
      expect(out.list_all).toEqual(['p1', 'p2', 'p3']);
      expect(out.health).toEqual([200, 'all good', 'text/plain']);
      expect(out.not_found).toBe(404);
      for (const [asked, parsed, body] of out.threads as string[][]) expect([parsed, body]).toEqual([asked, asked]);
      const seen = shelter.seen.slice(before);
      // The list: its first page once (the raw response), then the second page; no third request.
      expect(seen.filter((r) => r.url.startsWith('/v2/pets?')).map((r) => r.url)).toEqual([
        '/v2/pets?limit=2',
        '/v2/pets?cursor=2&limit=2',
      ]);
      // The marker that asks for the raw response never reaches the server; the caller's headers do.
      expect(seen.some((r) => Object.keys(r.headers).some((h) => h.startsWith('x-py-sdk')))).toBe(false);
      expect(seen[0]?.headers['x-trace']).toBe('t-1');
      expect(existsSync(join(root, 'venv'))).toBe(true);
    }, 120_000);
  },
);
