import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runServer } from 'verdaccio';

export interface RunningVerdaccio {
  /** http://127.0.0.1:<port>/ */
  url: string;
  /** A token of the registry's user (made through the registry's own adduser endpoint). */
  token: string;
  stop(): Promise<void>;
}

/**
 * A real Verdaccio on 127.0.0.1 (a free port): htpasswd auth, no uplinks (nothing is fetched from
 * anywhere), publishing for `publishers` only (authenticated users by default; `'release-manager'`,
 * a group no user is in, gives a registry that lets the user read but never publish). A user is
 * registered through `PUT /-/user/org.couchdb.user:<name>`, as `npm adduser` does, and its token
 * returned.
 */
export async function startVerdaccio(publishers = '$authenticated'): Promise<RunningVerdaccio> {
  const dir = await mkdtemp(join(tmpdir(), 'report-verdaccio-'));
  const htpasswd = join(dir, 'htpasswd');
  await writeFile(htpasswd, '');
  const configuration = {
    self_path: dir,
    config_path: join(dir, 'config.yaml'),
    storage: join(dir, 'storage'),
    auth: { htpasswd: { file: htpasswd, max_users: 10 } },
    uplinks: {},
    packages: {
      '@*/*': { access: '$authenticated', publish: publishers, unpublish: publishers },
      '**': { access: '$authenticated', publish: publishers, unpublish: publishers },
    },
    security: { api: { legacy: true } },
    log: { type: 'stdout', format: 'json', level: 'fatal' },
    web: { enable: false },
  };
  const app = (await runServer(configuration as unknown as Parameters<typeof runServer>[0])) as {
    listen(port: number, host: string, cb: () => void): Server;
  };
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const name = 'publisher';
  const res = await fetch(`${url}-/user/org.couchdb.user:${name}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      password: 'publisher-password-0123',
      email: 'publisher@example.com',
      type: 'user',
      roles: [],
      date: new Date().toISOString(),
    }),
  });
  const body = (await res.json()) as { token?: string };
  if (res.status !== 201 || !body.token) throw new Error(`verdaccio adduser answered ${res.status}`);
  return {
    url,
    token: body.token,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
