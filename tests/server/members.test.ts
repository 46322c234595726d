import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Member } from '../../db/models/index.ts';
import type { CreatedWorkspace } from '../../server/services/workspaces/create-workspace.ts';
import { expectTrpcError, rest, trpc } from '../setup/http.ts';
import { startTestService, type TestService } from '../setup/service.ts';
import { addMember, newWorkspace } from '../setup/workspace.ts';

// ROLE=api: no worker is needed for members.
let service: TestService;
let ws: CreatedWorkspace;
let ownerMemberId: string;
let other: CreatedWorkspace;

let emailCounter = 0;
function freshEmail(label = 'person'): string {
  emailCounter += 1;
  return `${label}-${emailCounter}-${Date.now()}@example.com`;
}

async function ownerMemberOf(workspace: CreatedWorkspace): Promise<string> {
  const row = await Member.findOne({ where: { orgId: workspace.organization.id, userId: workspace.user.id } });
  if (!row) throw new Error('the workspace has no owner member');
  return row.id;
}

beforeAll(async () => {
  service = await startTestService({ ROLE: 'api' });
  ws = await newWorkspace(service);
  ownerMemberId = await ownerMemberOf(ws);
  other = await newWorkspace(service, 'Other');
});
afterAll(async () => service?.stop());

describe('GET /api/members', () => {
  it("200 lists the workspace's members and invites, and only its own (REST)", async () => {
    const editor = await addMember(ws.organization.id, 'editor');
    const invited = await rest(service.url, ws.token).post('/members', { email: freshEmail('listed'), role: 'viewer' });
    expect(invited.status).toBe(201);
    const foreign = await addMember(other.organization.id, 'admin');

    const res = await rest(service.url, ws.token).get('/members');
    expect(res.status).toBe(200);
    const members = res.body.members as Array<Record<string, any>>;
    const ids = members.map((m) => m.id);
    expect(ids).toContain(ownerMemberId);
    expect(ids).toContain(editor.memberId);
    expect(ids).toContain(invited.body.member.id);
    expect(ids).not.toContain(foreign.memberId);
    for (const m of members) {
      expect(m.orgId).toBe(ws.organization.id);
      expect(typeof m.email).toBe('string');
      expect(['owner', 'admin', 'editor', 'viewer']).toContain(m.role);
      expect(['active', 'invited', 'removed']).toContain(m.status);
      expect(typeof m.createdAt).toBe('string');
    }
    expect(members.find((m) => m.id === ownerMemberId)).toMatchObject({
      role: 'owner',
      status: 'active',
      email: ws.user.email,
      userId: ws.user.id,
    });
    expect(members.find((m) => m.id === invited.body.member.id)).toMatchObject({ role: 'viewer', status: 'invited' });
  });

  it('200 through the tRPC client, the same list; a viewer may read it', async () => {
    const viewer = await addMember(ws.organization.id, 'viewer');
    const viaTrpc = await trpc(service.url, viewer.token).members.list.query({});
    const viaRest = await rest(service.url, ws.token).get('/members');
    expect(viaTrpc.members.map((m) => m.id)).toEqual((viaRest.body.members as Array<{ id: string }>).map((m) => m.id));
    expect(viaTrpc.members.find((m) => m.id === viewer.memberId)).toMatchObject({ role: 'viewer', status: 'active' });
  });

  it('401 without a token (REST and tRPC)', async () => {
    const res = await rest(service.url).get('/members');
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('unauthorized');
    await expectTrpcError(trpc(service.url).members.list.query({}), 'unauthorized', 401);
  });
});

describe('POST /api/members', () => {
  it('201 records an invite with record_only delivery (REST)', async () => {
    const email = freshEmail('Invitee').toUpperCase();
    const res = await rest(service.url, ws.token).post('/members', { email, role: 'editor' });
    expect(res.status).toBe(201);
    expect(res.body.member).toMatchObject({
      email: email.toLowerCase(),
      role: 'editor',
      status: 'invited',
      orgId: ws.organization.id,
      invitedByUserId: ws.user.id,
    });
    expect(res.body.member.id).toMatch(/^mem_/);
    expect(typeof res.body.member.createdAt).toBe('string');
    expect(res.body.invitationDelivery).toMatchObject({ provider: 'service', status: 'record_only' });
    const row = await Member.findByPk(res.body.member.id);
    expect(row).toMatchObject({
      orgId: ws.organization.id,
      email: email.toLowerCase(),
      role: 'editor',
      status: 'invited',
    });
  });

  it('201 through the tRPC client; role defaults to viewer', async () => {
    const email = freshEmail('trpc');
    const res = await trpc(service.url, ws.token).members.invite.mutate({ email });
    expect(res.member).toMatchObject({ email, role: 'viewer', status: 'invited' });
    expect(res.invitationDelivery).toMatchObject({ provider: 'service', status: 'record_only' });
  });

  it('400 member_exists for a pending invite (any letter case) or an active member; nothing changes', async () => {
    const api = rest(service.url, ws.token);
    const email = freshEmail('dup');
    const first = await api.post('/members', { email, role: 'viewer' });
    expect(first.status).toBe(201);
    const again = await api.post('/members', { email: email.toUpperCase(), role: 'admin' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: 'member_exists', message: expect.stringContaining(email) });
    expect(await Member.count({ where: { orgId: ws.organization.id, email } })).toBe(1);
    expect((await Member.findByPk(first.body.member.id))?.role).toBe('viewer');

    const active = await api.post('/members', { email: ws.user.email, role: 'viewer' });
    expect(active.status).toBe(400);
    expect(active.body.error).toBe('member_exists');
    expect(await Member.findByPk(ownerMemberId)).toMatchObject({ role: 'owner', status: 'active' });

    await expectTrpcError(trpc(service.url, ws.token).members.invite.mutate({ email }), 'member_exists', 400);
  });

  it('concurrent invites of one email: one 201, the others 400 member_exists, never a 500', async () => {
    const api = rest(service.url, ws.token);
    for (let round = 0; round < 3; round += 1) {
      const email = freshEmail('race');
      const results = await Promise.all(
        Array.from({ length: 8 }, () => api.post('/members', { email, role: 'viewer' })),
      );
      expect(results.map((r) => r.status).sort(), JSON.stringify(results.map((r) => r.body))).toEqual([
        201, 400, 400, 400, 400, 400, 400, 400,
      ]);
      for (const r of results.filter((x) => x.status === 400)) expect(r.body.error).toBe('member_exists');
      expect(await Member.count({ where: { orgId: ws.organization.id, email } })).toBe(1);
    }
  });

  it('201 re-invites a removed member: same record, invited again with the new role', async () => {
    const api = rest(service.url, ws.token);
    const email = freshEmail('again');
    const first = await api.post('/members', { email, role: 'viewer' });
    expect((await api.patch(`/members/${first.body.member.id}`, { status: 'removed' })).status).toBe(200);
    const again = await api.post('/members', { email, role: 'editor' });
    expect(again.status).toBe(201);
    expect(again.body.member).toMatchObject({ id: first.body.member.id, status: 'invited', role: 'editor' });
    expect(await Member.count({ where: { orgId: ws.organization.id, email } })).toBe(1);

    // A removed active member too.
    const former = await addMember(ws.organization.id, 'editor');
    expect((await api.patch(`/members/${former.memberId}`, { status: 'removed' })).status).toBe(200);
    const back = await api.post('/members', { email: former.email, role: 'viewer' });
    expect(back.status).toBe(201);
    expect(back.body.member).toMatchObject({
      id: former.memberId,
      userId: former.userId,
      status: 'invited',
      role: 'viewer',
    });
  });

  it('403 when an admin invites an owner; nothing is written (REST and tRPC)', async () => {
    const admin = await addMember(ws.organization.id, 'admin');
    const email = freshEmail('would-be-owner');
    const res = await rest(service.url, admin.token).post('/members', { email, role: 'owner' });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('forbidden');
    await expectTrpcError(
      trpc(service.url, admin.token).members.invite.mutate({ email, role: 'owner' }),
      'forbidden',
      403,
    );
    expect(await Member.count({ where: { email } })).toBe(0);
    // An admin may invite an admin.
    const ok = await rest(service.url, admin.token).post('/members', { email, role: 'admin' });
    expect(ok.status).toBe(201);
    expect(ok.body.member).toMatchObject({ role: 'admin', invitedByUserId: admin.userId });
  });

  it('403 insufficient_scope for an editor (no members:write)', async () => {
    const editor = await addMember(ws.organization.id, 'editor');
    const res = await rest(service.url, editor.token).post('/members', { email: freshEmail(), role: 'viewer' });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('insufficient_scope');
  });

  it('400 naming the field: bad email, missing email, unknown role, protected extra field', async () => {
    const api = rest(service.url, ws.token);
    const before = await Member.count({ where: { orgId: ws.organization.id } });
    const cases: Array<[unknown, RegExp]> = [
      [{ email: 'not-an-email', role: 'viewer' }, /email/],
      [{ email: 'a@', role: 'viewer' }, /email/],
      [{ role: 'viewer' }, /email/],
      [{ email: 42 }, /email/],
      [{ email: freshEmail(), role: 'superuser' }, /role/],
      [{ email: freshEmail(), orgId: other.organization.id }, /orgId/],
      [{ email: freshEmail(), status: 'active' }, /status/],
    ];
    for (const [body, field] of cases) {
      const res = await api.post('/members', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('invalid_request');
      expect(res.body.message).toMatch(field);
    }
    expect(await Member.count({ where: { orgId: ws.organization.id } })).toBe(before);
  });
});

describe('PATCH /api/members/{memberId}', () => {
  it('200 changes role and status (REST)', async () => {
    const api = rest(service.url, ws.token);
    const editor = await addMember(ws.organization.id, 'editor');
    const promoted = await api.patch(`/members/${editor.memberId}`, { role: 'admin' });
    expect(promoted.status).toBe(200);
    expect(promoted.body.member).toMatchObject({ id: editor.memberId, role: 'admin', status: 'active' });
    expect((await Member.findByPk(editor.memberId))?.role).toBe('admin');
    const removed = await api.patch(`/members/${editor.memberId}`, { status: 'removed' });
    expect(removed.status).toBe(200);
    expect(removed.body.member).toMatchObject({ role: 'admin', status: 'removed' });
    expect((await Member.findByPk(editor.memberId))?.status).toBe('removed');
  });

  it('200 through the tRPC client: activating an invite links a user', async () => {
    const invited = await rest(service.url, ws.token).post('/members', {
      email: freshEmail('activate'),
      role: 'editor',
    });
    expect(invited.body.member.userId).toBeUndefined();
    const res = await trpc(service.url, ws.token).members.update.mutate({
      memberId: invited.body.member.id,
      status: 'active',
      role: 'viewer',
    });
    expect(res.member).toMatchObject({ id: invited.body.member.id, status: 'active', role: 'viewer' });
    expect(res.member.userId).toMatch(/^usr_/);
  });

  it('400 last_owner: the last active owner cannot be demoted or removed', async () => {
    const solo = await newWorkspace(service, 'Solo');
    const soloOwner = await ownerMemberOf(solo);
    const api = rest(service.url, solo.token);
    for (const body of [
      { role: 'admin' },
      { role: 'viewer' },
      { status: 'removed' },
      { role: 'editor', status: 'removed' },
    ]) {
      const res = await api.patch(`/members/${soloOwner}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('last_owner');
    }
    await expectTrpcError(
      trpc(service.url, solo.token).members.update.mutate({ memberId: soloOwner, role: 'admin' }),
      'last_owner',
      400,
    );
    expect(await Member.findByPk(soloOwner)).toMatchObject({ role: 'owner', status: 'active' });

    // An invited owner is not an active owner: still the last one.
    const invitedOwner = await api.post('/members', { email: freshEmail('pending-owner'), role: 'owner' });
    expect(invitedOwner.status).toBe(201);
    expect((await api.patch(`/members/${soloOwner}`, { role: 'admin' })).body.error).toBe('last_owner');

    // With a second active owner, the first may step down; then the second is the last.
    const second = await addMember(solo.organization.id, 'owner');
    const stepDown = await api.patch(`/members/${soloOwner}`, { role: 'admin' });
    expect(stepDown.status).toBe(200);
    expect(stepDown.body.member.role).toBe('admin');
    const last = await rest(service.url, second.token).patch(`/members/${second.memberId}`, { status: 'removed' });
    expect(last.status).toBe(400);
    expect(last.body.error).toBe('last_owner');
  });

  it('403 forbidden: nobody raises their own role', async () => {
    const admin = await addMember(ws.organization.id, 'admin');
    const res = await rest(service.url, admin.token).patch(`/members/${admin.memberId}`, { role: 'owner' });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('forbidden');
    expect(res.body.message).toMatch(/own role/);
    expect((await Member.findByPk(admin.memberId))?.role).toBe('admin');
    // Lowering one's own role is allowed.
    const lower = await rest(service.url, admin.token).patch(`/members/${admin.memberId}`, { role: 'editor' });
    expect(lower.status).toBe(200);
    expect(lower.body.member.role).toBe('editor');
  });

  it('403 forbidden: an admin cannot change an owner or grant owner', async () => {
    const admin = await addMember(ws.organization.id, 'admin');
    const coOwner = await addMember(ws.organization.id, 'owner');
    const editor = await addMember(ws.organization.id, 'editor');
    const api = rest(service.url, admin.token);
    for (const [memberId, body] of [
      [coOwner.memberId, { role: 'admin' }],
      [coOwner.memberId, { status: 'removed' }],
      [ownerMemberId, { role: 'viewer' }],
      [editor.memberId, { role: 'owner' }],
    ] as const) {
      const res = await api.patch(`/members/${memberId}`, body);
      expect(res.status, `${memberId} ${JSON.stringify(body)}`).toBe(403);
      expect(res.body.error).toBe('forbidden');
    }
    await expectTrpcError(
      trpc(service.url, admin.token).members.update.mutate({ memberId: coOwner.memberId, role: 'editor' }),
      'forbidden',
      403,
    );
    expect(await Member.findByPk(coOwner.memberId)).toMatchObject({ role: 'owner', status: 'active' });
    expect(await Member.findByPk(ownerMemberId)).toMatchObject({ role: 'owner', status: 'active' });
    expect(await Member.findByPk(editor.memberId)).toMatchObject({ role: 'editor' });
    // What an admin may do: change a non-owner within its own rank.
    const ok = await api.patch(`/members/${editor.memberId}`, { role: 'admin' });
    expect(ok.status).toBe(200);
    expect(ok.body.member.role).toBe('admin');
  });

  it('400 invalid_status_transition for a change the rules do not allow', async () => {
    const api = rest(service.url, ws.token);
    const active = await addMember(ws.organization.id, 'viewer');
    const toInvited = await api.patch(`/members/${active.memberId}`, { status: 'invited' });
    expect(toInvited.status).toBe(400);
    expect(toInvited.body.error).toBe('invalid_status_transition');
    expect(toInvited.body.message).toMatch(/status/);
    expect((await Member.findByPk(active.memberId))?.status).toBe('active');

    expect((await api.patch(`/members/${active.memberId}`, { status: 'removed' })).status).toBe(200);
    const toActive = await api.patch(`/members/${active.memberId}`, { status: 'active' });
    expect(toActive.status).toBe(400);
    expect(toActive.body.error).toBe('invalid_status_transition');
    expect((await Member.findByPk(active.memberId))?.status).toBe('removed');
  });

  it("401 for a removed member's keys", async () => {
    const editor = await addMember(ws.organization.id, 'editor');
    expect((await rest(service.url, editor.token).get('/me')).status).toBe(200);
    expect((await rest(service.url, ws.token).patch(`/members/${editor.memberId}`, { status: 'removed' })).status).toBe(
      200,
    );
    const res = await rest(service.url, editor.token).get('/me');
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('unauthorized');
    await expectTrpcError(trpc(service.url, editor.token).identity.me.query({}), 'unauthorized', 401);
    // Removal revokes the keys for good: re-inviting and activating the member does not revive them.
    expect((await rest(service.url, ws.token).patch(`/members/${editor.memberId}`, { status: 'invited' })).status).toBe(
      200,
    );
    expect((await rest(service.url, ws.token).patch(`/members/${editor.memberId}`, { status: 'active' })).status).toBe(
      200,
    );
    expect((await rest(service.url, editor.token).get('/me')).status).toBe(401);
  });

  it('404 for an unknown member id (REST and tRPC)', async () => {
    const res = await rest(service.url, ws.token).patch('/members/mem_doesnotexist', { role: 'viewer' });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('not_found');
    await expectTrpcError(
      trpc(service.url, ws.token).members.update.mutate({ memberId: 'mem_doesnotexist', role: 'viewer' }),
      'not_found',
      404,
    );
  });

  it('400 naming the field: unknown role or status, protected extra field', async () => {
    const target = await addMember(ws.organization.id, 'viewer');
    const api = rest(service.url, ws.token);
    const cases: Array<[unknown, RegExp]> = [
      [{ role: 'superuser' }, /role/],
      [{ status: 'banned' }, /status/],
      [{ role: 'viewer', orgId: other.organization.id }, /orgId/],
      [{ email: 'new@example.com' }, /email/],
    ];
    for (const [body, field] of cases) {
      const res = await api.patch(`/members/${target.memberId}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('invalid_request');
      expect(res.body.message).toMatch(field);
    }
    expect(await Member.findByPk(target.memberId)).toMatchObject({
      role: 'viewer',
      status: 'active',
      orgId: ws.organization.id,
      email: target.email,
    });
  });
});
