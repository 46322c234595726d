import { createHash } from 'node:crypto';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKey } from '../../db/models/index.ts';
import type { CreatedWorkspace } from '../../server/services/workspaces/create-workspace.ts';
import { SCOPES } from '../../shared/scopes.ts';
import { expectTrpcError, rest, trpc } from '../setup/http.ts';
import { startTestService, type TestService } from '../setup/service.ts';
import { addMember, keyWithScopes, newWorkspace } from '../setup/workspace.ts';

let service: TestService;
let ws: CreatedWorkspace;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Every row of every table of the service's database (its schema and pg-boss's), as text. */
async function everyRowAsText(): Promise<string[]> {
  const tables = await service.deps.db.sequelize.query<{ schema: string; name: string }>(
    `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
      WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND table_type = 'BASE TABLE'`,
    { type: QueryTypes.SELECT },
  );
  expect(tables.map((t) => t.name)).toContain('api_keys');
  const rows: string[] = [];
  for (const { schema, name } of tables) {
    const found = await service.deps.db.sequelize.query<{ row: string }>(
      `SELECT t::text AS row FROM "${schema}"."${name}" t`,
      { type: QueryTypes.SELECT },
    );
    rows.push(...found.map((r) => r.row));
  }
  return rows;
}

beforeAll(async () => {
  service = await startTestService({ ROLE: 'api' });
  ws = await newWorkspace(service);
});
afterAll(async () => service?.stop());

describe('POST /api/api-keys', () => {
  it('201 with the key and its token; only the SHA-256 of the token is stored (REST)', async () => {
    const res = await rest(service.url, ws.token).post('/api-keys', {
      name: 'CI key',
      scopes: ['workspace:read', 'runs:write'],
    });
    expect(res.status).toBe(201);
    const { apiKey, token } = res.body as { apiKey: Record<string, any>; token: string };
    expect(token).toMatch(/^rsk_[A-Za-z0-9_-]{40,}$/);
    expect(apiKey).toMatchObject({
      name: 'CI key',
      orgId: ws.organization.id,
      createdByUserId: ws.user.id,
      scopes: ['workspace:read', 'runs:write'],
    });
    expect(apiKey.id).toMatch(/^key_/);
    expect(typeof apiKey.createdAt).toBe('string');
    expect(apiKey.revokedAt).toBeUndefined();
    expect(apiKey.lastUsedAt).toBeUndefined();
    // tokenPrefix is a non-secret prefix of the token, not the token.
    expect(typeof apiKey.tokenPrefix).toBe('string');
    expect(apiKey.tokenPrefix.length).toBeGreaterThanOrEqual(4);
    expect(apiKey.tokenPrefix.length).toBeLessThan(token.length / 2);
    expect(token.startsWith(apiKey.tokenPrefix)).toBe(true);
    // The key record carries neither the token nor its hash.
    expect(JSON.stringify(apiKey)).not.toContain(token);
    expect(JSON.stringify(apiKey)).not.toContain(sha256(token));
    expect(Object.keys(apiKey).sort()).toEqual([
      'createdAt',
      'createdByUserId',
      'id',
      'name',
      'orgId',
      'scopes',
      'tokenPrefix',
      'updatedAt',
    ]);

    const row = await ApiKey.findByPk(apiKey.id);
    expect(row?.tokenHash).toBe(sha256(token));
    // No column of any table holds the token (or its secret part).
    const secret = token.slice(apiKey.tokenPrefix.length);
    for (const text of await everyRowAsText()) {
      expect(text).not.toContain(token);
      expect(text).not.toContain(secret);
    }
    // And the token works.
    expect((await rest(service.url, token).get('/me')).status).toBe(200);
  });

  it('201 through the tRPC client; omitted scopes give exactly the narrow default set', async () => {
    const res = await trpc(service.url, ws.token).apiKeys.create.mutate({ name: 'default scopes' });
    expect([...res.apiKey.scopes].sort()).toEqual(['artifacts:read', 'projects:write', 'runs:write', 'workspace:read']);
    expect(res.token.startsWith(res.apiKey.tokenPrefix)).toBe(true);
    // The default key reads the workspace but cannot read members.
    expect((await rest(service.url, res.token).get('/me')).status).toBe(200);
    const members = await rest(service.url, res.token).get('/members');
    expect(members.status).toBe(403);
    expect(members.body.error).toBe('insufficient_scope');
    // Through REST with an empty body too.
    const viaRest = await rest(service.url, ws.token).post('/api-keys', {});
    expect(viaRest.status).toBe(201);
    expect([...viaRest.body.apiKey.scopes].sort()).toEqual([
      'artifacts:read',
      'projects:write',
      'runs:write',
      'workspace:read',
    ]);
  });

  it('the token is returned once: never in a list', async () => {
    const created = await rest(service.url, ws.token).post('/api-keys', { name: 'once' });
    const token = created.body.token as string;
    const list = await rest(service.url, ws.token).get('/api-keys');
    expect(list.status).toBe(200);
    const text = JSON.stringify(list.body);
    expect(text).toContain(created.body.apiKey.id);
    expect(text).not.toContain(token);
    expect(text).not.toContain(sha256(token));
    const listed = (list.body.apiKeys as Array<Record<string, any>>).find((k) => k.id === created.body.apiKey.id);
    expect(listed).toMatchObject({ tokenPrefix: created.body.apiKey.tokenPrefix, name: 'once' });
    expect(listed?.token).toBeUndefined();
    expect(listed?.tokenHash).toBeUndefined();
  });

  it("400 scope_not_grantable for scopes beyond the caller's key, naming the scope; nothing is created", async () => {
    const narrow = await keyWithScopes(ws.organization.id, ws.user.id, ['api_keys:write', 'workspace:read']);
    const before = await ApiKey.count();
    const res = await rest(service.url, narrow).post('/api-keys', { scopes: ['workspace:read', 'billing:write'] });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('scope_not_grantable');
    expect(res.body.message).toContain('billing:write');
    expect(res.body.message).not.toContain('workspace:read');
    await expectTrpcError(
      trpc(service.url, narrow).apiKeys.create.mutate({ scopes: ['members:write'] }),
      'scope_not_grantable',
      400,
    );
    expect(await ApiKey.count()).toBe(before);
    // Within its own scopes it may mint.
    const ok = await rest(service.url, narrow).post('/api-keys', { scopes: ['workspace:read'] });
    expect(ok.status).toBe(201);
    expect(ok.body.apiKey.scopes).toEqual(['workspace:read']);
  });

  it("400 scope_not_grantable beyond the caller's role: an editor cannot mint billing:write, even from a key that lists it", async () => {
    const editor = await addMember(ws.organization.id, 'editor');
    const res = await rest(service.url, editor.token).post('/api-keys', { scopes: ['billing:write'] });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('scope_not_grantable');
    expect(res.body.message).toContain('billing:write');

    const editorWithEverything = await addMember(ws.organization.id, 'editor', SCOPES);
    for (const scope of ['billing:write', 'members:write', 'publishing:write']) {
      const r = await rest(service.url, editorWithEverything.token).post('/api-keys', {
        scopes: ['workspace:read', scope],
      });
      expect(r.status, scope).toBe(400);
      expect(r.body.error).toBe('scope_not_grantable');
      expect(r.body.message).toContain(scope);
    }
    expect(await ApiKey.count({ where: { createdByUserId: editorWithEverything.userId } })).toBe(1);
    // Inside the editor role it works.
    const ok = await rest(service.url, editor.token).post('/api-keys', {
      scopes: ['artifacts:write', 'workspace:read'],
    });
    expect(ok.status).toBe(201);
    expect(ok.body.apiKey).toMatchObject({
      createdByUserId: editor.userId,
      scopes: ['artifacts:write', 'workspace:read'],
    });
  });

  it('400 invalid_request for an unknown scope string or a bad field, naming it', async () => {
    const api = rest(service.url, ws.token);
    const before = await ApiKey.count();
    const cases: Array<[unknown, RegExp]> = [
      [{ scopes: ['workspace:read', 'root:everything'] }, /scopes/],
      [{ scopes: 'workspace:read' }, /scopes/],
      [{ name: '' }, /name/],
      [{ name: 'x', orgId: 'org_other' }, /orgId/],
      [{ name: 'x', createdByUserId: 'usr_other' }, /createdByUserId/],
    ];
    for (const [body, field] of cases) {
      const res = await api.post('/api-keys', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('invalid_request');
      expect(res.body.message).toMatch(field);
    }
    expect(await ApiKey.count()).toBe(before);
  });

  it('403 insufficient_scope for a viewer (no api_keys:write); 401 without a token', async () => {
    const viewer = await addMember(ws.organization.id, 'viewer');
    const res = await rest(service.url, viewer.token).post('/api-keys', {});
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('insufficient_scope');
    const anonymous = await rest(service.url).post('/api-keys', {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toBe('unauthorized');
  });
});

describe('GET /api/api-keys', () => {
  it('owners and admins see every key of the workspace; editors only their own (REST and tRPC)', async () => {
    const own = await newWorkspace(service, 'Listing');
    const admin = await addMember(own.organization.id, 'admin');
    const editor = await addMember(own.organization.id, 'editor');
    const editorSecond = await rest(service.url, editor.token).post('/api-keys', {
      name: 'editor second',
      scopes: ['workspace:read'],
    });
    expect(editorSecond.status).toBe(201);
    const foreign = await addMember(ws.organization.id, 'editor');

    const all = [own.apiKey.id, admin.keyId, editor.keyId, editorSecond.body.apiKey.id].sort();
    const ownerList = await rest(service.url, own.token).get('/api-keys');
    expect(ownerList.status).toBe(200);
    expect((ownerList.body.apiKeys as Array<{ id: string }>).map((k) => k.id).sort()).toEqual(all);
    const adminList = await trpc(service.url, admin.token).apiKeys.list.query({});
    expect(adminList.apiKeys.map((k) => k.id).sort()).toEqual(all);
    expect(adminList.apiKeys.map((k) => k.id)).not.toContain(foreign.keyId);

    const editorList = await rest(service.url, editor.token).get('/api-keys');
    expect(editorList.status).toBe(200);
    expect((editorList.body.apiKeys as Array<{ id: string }>).map((k) => k.id).sort()).toEqual(
      [editor.keyId, editorSecond.body.apiKey.id].sort(),
    );
    for (const key of editorList.body.apiKeys as Array<{ createdByUserId: string }>)
      expect(key.createdByUserId).toBe(editor.userId);
  });

  it('403 for a viewer (no api_keys:read), through tRPC too', async () => {
    const viewer = await addMember(ws.organization.id, 'viewer');
    const res = await rest(service.url, viewer.token).get('/api-keys');
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('insufficient_scope');
    await expectTrpcError(trpc(service.url, viewer.token).apiKeys.list.query({}), 'insufficient_scope', 403);
  });
});

describe('DELETE /api/api-keys/{keyId}', () => {
  it('200 revokes; the token then gets 401 (REST)', async () => {
    const created = await rest(service.url, ws.token).post('/api-keys', {
      name: 'to revoke',
      scopes: ['workspace:read'],
    });
    const token = created.body.token as string;
    expect((await rest(service.url, token).get('/me')).status).toBe(200);
    const res = await rest(service.url, ws.token).delete(`/api-keys/${created.body.apiKey.id}`);
    expect(res.status).toBe(200);
    expect(res.body.apiKey).toMatchObject({ id: created.body.apiKey.id, name: 'to revoke' });
    expect(typeof res.body.apiKey.revokedAt).toBe('string');
    expect((await ApiKey.findByPk(created.body.apiKey.id))?.revokedAt).toBeInstanceOf(Date);
    const after = await rest(service.url, token).get('/me');
    expect(after.status).toBe(401);
    expect(after.body.error).toBe('unauthorized');
    // Revoking again changes nothing.
    const again = await rest(service.url, ws.token).delete(`/api-keys/${created.body.apiKey.id}`);
    expect(again.status).toBe(200);
    expect(again.body.apiKey.revokedAt).toBe(res.body.apiKey.revokedAt);
    // Listed as revoked.
    const listed = (
      (await rest(service.url, ws.token).get('/api-keys')).body.apiKeys as Array<Record<string, any>>
    ).find((k) => k.id === created.body.apiKey.id);
    expect(listed?.revokedAt).toBe(res.body.apiKey.revokedAt);
  });

  it('400 when scopes are omitted and the caller holds none of the default scopes', async () => {
    const narrow = await rest(service.url, ws.token).post('/api-keys', { scopes: ['api_keys:write'] });
    const res = await rest(service.url, narrow.body.token).post('/api-keys', {});
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('scope_not_grantable');
  });

  it('200 through the tRPC client; a key can revoke itself', async () => {
    const created = await rest(service.url, ws.token).post('/api-keys', { scopes: ['api_keys:write'] });
    const res = await trpc(service.url, created.body.token).apiKeys.revoke.mutate({ keyId: created.body.apiKey.id });
    expect(res.apiKey.revokedAt).toBeDefined();
    await expectTrpcError(
      trpc(service.url, created.body.token).apiKeys.revoke.mutate({ keyId: created.body.apiKey.id }),
      'unauthorized',
      401,
    );
  });

  it("404 when an editor revokes another member's key; the key keeps working", async () => {
    const editor = await addMember(ws.organization.id, 'editor');
    const otherEditor = await addMember(ws.organization.id, 'editor');
    for (const keyId of [ws.apiKey.id, otherEditor.keyId]) {
      const res = await rest(service.url, editor.token).delete(`/api-keys/${keyId}`);
      expect(res.status, keyId).toBe(404);
      expect(res.body.error).toBe('not_found');
      expect((await ApiKey.findByPk(keyId))?.revokedAt).toBeNull();
    }
    await expectTrpcError(
      trpc(service.url, editor.token).apiKeys.revoke.mutate({ keyId: otherEditor.keyId }),
      'not_found',
      404,
    );
    expect((await rest(service.url, otherEditor.token).get('/me')).status).toBe(200);
    expect((await rest(service.url, ws.token).get('/me')).status).toBe(200);
    // Its own key it may revoke.
    const own = await rest(service.url, editor.token).delete(`/api-keys/${editor.keyId}`);
    expect(own.status).toBe(200);
    expect((await rest(service.url, editor.token).get('/me')).status).toBe(401);
  });

  it('404 for an unknown key id', async () => {
    const res = await rest(service.url, ws.token).delete('/api-keys/key_doesnotexist');
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('not_found');
  });
});

describe('lastUsedAt', () => {
  it('is absent before first use and set after a request with the key', async () => {
    const created = await rest(service.url, ws.token).post('/api-keys', { name: 'usage', scopes: ['workspace:read'] });
    const id = created.body.apiKey.id as string;
    const find = async () =>
      ((await rest(service.url, ws.token).get('/api-keys')).body.apiKeys as Array<Record<string, any>>).find(
        (k) => k.id === id,
      );
    expect((await find())?.lastUsedAt).toBeUndefined();
    expect((await ApiKey.findByPk(id))?.lastUsedAt).toBeNull();
    const before = Date.now();
    expect((await rest(service.url, created.body.token).get('/projects')).status).toBe(200);
    const after = Date.now();
    const used = await find();
    expect(typeof used?.lastUsedAt).toBe('string');
    const at = Date.parse(used?.lastUsedAt);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(after + 1000);
    expect((await ApiKey.findByPk(id))?.lastUsedAt?.toISOString()).toBe(used?.lastUsedAt);
  });
});
