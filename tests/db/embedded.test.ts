// The embedded PostgreSQL default, started as root from a folder the `postgres` user cannot enter
// (a `mktemp -d` clone is 0700): a plain error naming the folder and the ways out, before any
// PostgreSQL process is spawned (it used to crash on an unhandled EACCES).

import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closedToOthers, startEmbeddedPostgres } from '../../db/embedded.ts';

const root = mkdtempSync(join(tmpdir(), 'embedded-pg-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('closedToOthers', () => {
  it('names the first folder on the way that others cannot enter, and nothing when all are open', () => {
    const open = join(root, 'open', 'inner');
    mkdirSync(open, { recursive: true });
    chmodSync(root, 0o755);
    chmodSync(join(root, 'open'), 0o755);
    chmodSync(open, 0o755);
    expect(closedToOthers(open)).toBeUndefined();
    expect(closedToOthers(join(open, 'not-yet-created'))).toBeUndefined();
    chmodSync(join(root, 'open'), 0o750);
    expect(closedToOthers(open)).toBe(join(root, 'open'));
    chmodSync(join(root, 'open'), 0o755);
  });
});

describe.skipIf(process.getuid?.() !== 0)('started as root', () => {
  it('refuses a data folder the postgres user cannot enter, with a message that says what to do', async () => {
    chmodSync(root, 0o755);
    const closed = join(root, 'private');
    mkdirSync(closed, { mode: 0o700 });
    chmodSync(closed, 0o700);
    await expect(startEmbeddedPostgres({ dataDir: join(closed, 'data'), port: 0 })).rejects.toThrow(
      new RegExp(
        `cannot enter ${closed} \\(mode 700\\)\\. Run as another user, allow it in \\(chmod o\\+x ${closed}\\), or set DATABASE_URL`,
      ),
    );
  });
});
