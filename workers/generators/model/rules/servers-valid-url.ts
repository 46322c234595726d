import type { Rule } from './rule.ts';
import { asRecord, asString } from '../json-guards.ts';
import { joinPointer } from '../parse/pointer.ts';
import { listServers } from './servers-list.ts';

/** The URL with each `{variable}` replaced by its default (unknown ones by a placeholder). */
export function expandServerUrl(url: string, variables: unknown): string {
  return url.replace(
    /\{([^{}]*)\}/g,
    (_, name: string) => asString(asRecord(asRecord(variables)?.[name])?.default) ?? 'x',
  );
}

export const serversValidUrl: Rule = {
  id: 'servers/valid-url',
  severity: 'error',
  description:
    'Server URLs must be absolute URLs or relative references, with balanced {variables} and no query or fragment.',
  run(ctx) {
    for (const { server, pointer } of listServers(ctx)) {
      const url = asString(server.url);
      if (url === undefined) continue;
      const at = joinPointer(pointer, 'url');
      if (url.trim() === '') {
        ctx.report(at, 'Server URL is empty.');
        continue;
      }
      if (/[{}]/.test(url.replace(/\{[^{}]*\}/g, ''))) {
        ctx.report(at, `Server URL "${url}" has unbalanced braces.`);
        continue;
      }
      const expanded = expandServerUrl(url, server.variables);
      if (/\s/.test(expanded) || /[?#]/.test(expanded)) {
        ctx.report(at, `Server URL "${url}" contains whitespace, a query string or a fragment.`);
        continue;
      }
      try {
        const parsed = new URL(expanded, 'https://relative.invalid/');
        if (!/^(https?|wss?):$/.test(parsed.protocol))
          ctx.report(at, `Server URL "${url}" uses scheme "${parsed.protocol}"; expected http(s).`, 'warning');
      } catch {
        ctx.report(at, `Server URL "${url}" is not a valid URL.`);
      }
    }
  },
};
