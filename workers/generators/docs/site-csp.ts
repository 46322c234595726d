// The Content-Security-Policy header the service sends with a stored docs site (hosted preview,
// verified docs domain): the same policy as the site's pages, its `connect-src` read from the
// site's `connect-origins.json` with every origin checked again (a stored site is data; a file
// that lists anything but plain origins adds nothing). Computed once per site's file map.

import { CONNECT_ORIGINS_FILE, docsContentSecurityPolicy, readConnectOrigins } from './content-security-policy.ts';

const byFiles = new WeakMap<ReadonlyMap<string, Uint8Array>, string>();

/** The header for a site's files; `undefined` (no site yet, an error answer): connections to the site itself only. */
export function docsSiteCsp(files: ReadonlyMap<string, Uint8Array> | undefined): string {
  if (files === undefined) return docsContentSecurityPolicy([], true);
  let policy = byFiles.get(files);
  if (policy === undefined) {
    const raw = files.get(CONNECT_ORIGINS_FILE);
    const text = raw !== undefined ? new TextDecoder().decode(raw) : undefined;
    policy = docsContentSecurityPolicy(readConnectOrigins(text), true);
    byFiles.set(files, policy);
  }
  return policy;
}
