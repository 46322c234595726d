// Which steps a run does not build (workers/pipeline/turned-off.ts): the project's settings, and a
// partner run's stainless.yml `targets` (read by config/stainless-config.ts).

import { describe, expect, it } from 'vitest';
import { readConfig } from '../../../workers/generators/config/read-config.ts';
import { DEFAULT_PARSE_LIMITS } from '../../../workers/generators/model/parse/limits.ts';
import { turnedOffSteps } from '../../../workers/pipeline/turned-off.ts';

const targetsOf = (yaml: string) => readConfig(yaml, 'partner_compatible', DEFAULT_PARSE_LIMITS).config?.targets;

describe('stainless.yml targets', () => {
  it('lists the SDKs the config names (node read as typescript), and nothing without a targets mapping', () => {
    expect(targetsOf('organization: {name: acme}\ntargets:\n  node: {package_name: acme}\n  go: {}\n')).toEqual([
      'typescript',
      'go',
    ]);
    expect(targetsOf('organization: {name: acme}\ntargets:\n  python: {}\n  kotlin: {}\n')).toEqual(['python']);
    expect(targetsOf('organization: {name: acme}\nresources: {}\n')).toBeUndefined();
  });
});

describe('turnedOffSteps', () => {
  it('skips what the project turns off, whatever the config lists', () => {
    const off = turnedOffSteps({ packages: {}, off: ['docs', 'python_sdk'] }, ['typescript', 'python']);
    expect(off.get('docs')).toBe("turned off in the project's settings");
    expect(off.get('python_sdk')).toBe("turned off in the project's settings");
    expect(off.has('typescript_sdk')).toBe(false);
  });

  it('skips the SDKs a stainless.yml does not list, unless the project turns them on; MCP and docs stay', () => {
    const off = turnedOffSteps({ packages: {}, off: [], on: ['cli'] }, ['typescript']);
    expect([...off.keys()].sort()).toEqual(['go_sdk', 'python_sdk']);
    expect(off.get('go_sdk')).toMatch(/does not list `go` under targets \(it lists typescript\)/);
    expect(off.has('mcp_server')).toBe(false);
    expect(off.has('docs')).toBe(false);
  });

  it('builds everything when there is no targets mapping (flagship runs) and nothing is turned off', () => {
    expect(turnedOffSteps(undefined, undefined).size).toBe(0);
    expect(turnedOffSteps({ packages: {}, off: [] }, undefined).size).toBe(0);
  });
});
