// Go SDK generator: golden files for our fixtures (UPDATE_GOLDEN=1 rewrites them; the bundled
// runtime is compared with bundle/ instead of being copied into every golden), determinism,
// options, and the Go printer/escaper (names/go.ts) the emitter spells every spec string through.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleFiles } from '../../../../workers/generators/go/bundle-files.ts';
import { emitGoSdk, resolveOptions } from '../../../../workers/generators/go/index.ts';
import {
  goComment,
  goIdent,
  goModulePath,
  goPackageName,
  goStr,
  goTagName,
} from '../../../../workers/generators/names/go.ts';
import { analyzeSpec } from '../../../../workers/generators/analyze.ts';
import { CORPUS, HAS_CORPUS } from '../corpus-helpers.ts';
import { analyzeJson, baseSpec } from '../helpers.ts';
import { expectGoldenFiles } from '../../../setup/golden.ts';
import { FIXTURE_FILES, fixtureModel } from './helpers.ts';

const GOLDEN = join(import.meta.dirname, '../../../fixtures/go/golden');

describe('golden modules', () => {
  for (const name of Object.keys(FIXTURE_FILES)) {
    it(`${name} matches tests/fixtures/go/golden/${name}`, async () => {
      const all = emitGoSdk(await fixtureModel(name));
      const runtime = new Set(bundleFiles('x').map((f) => f.path));
      const files = all.filter((f) => !runtime.has(f.path));
      expectGoldenFiles(join(GOLDEN, name), files);
      // The runtime is bundle/ verbatim, its imports pointing into the module.
      const modulePath = resolveOptions(await fixtureModel(name)).modulePath;
      expect(all.filter((f) => runtime.has(f.path))).toEqual(bundleFiles(modulePath));
    });
  }

  it('is deterministic', async () => {
    const model = await fixtureModel('hostile');
    expect(emitGoSdk(model)).toEqual(emitGoSdk(model));
  });

  it('has the module layout: go.mod, the client, one file and one test file per resource, the runtime', async () => {
    const files = emitGoSdk(await fixtureModel('live'));
    const paths = files.map((f) => f.path);
    for (const p of [
      'go.mod',
      'README.md',
      'client.go',
      'aliases.go',
      'models.go',
      'pet.go',
      'pet_test.go',
      'diagnostic.go',
      'diagnostictick.go',
      'option/requestoption.go',
      'option/generated.go',
      'packages/param/param.go',
      'packages/respjson/respjson.go',
      'packages/pagination/pagination.go',
      'packages/ssestream/ssestream.go',
      'internal/requestconfig/requestconfig.go',
    ])
      expect(paths).toContain(p);
    const goMod = files.find((f) => f.path === 'go.mod')?.content;
    expect(goMod).toBe('module github.com/live-pets/live-pets-go\n\ngo 1.23\n');
    // Standard library only: no require block, and every import is the standard library or the module.
    for (const file of files.filter((f) => f.path.endsWith('.go')))
      for (const [, path] of file.content.matchAll(/^\s+"([^"]+)"$/gm))
        expect(
          path === 'github.com/live-pets/live-pets-go' ||
            path!.startsWith('github.com/live-pets/live-pets-go/') ||
            !path!.includes('.'),
          `${file.path}: ${path}`,
        ).toBe(true);
    // The tests are an external package: they use the SDK through its exported names, as a user
    // does, and the root package is compiled and analyzed once, not twice (docs/go-sdk.md).
    const tests = files.filter((f) => f.path.endsWith('_test.go'));
    expect(tests.length).toBeGreaterThan(1);
    for (const file of tests) {
      expect(file.content, file.path).toMatch(/^package livepets_test$/m);
      expect(file.content, file.path).toMatch(/^\t"github\.com\/live-pets\/live-pets-go"$/m);
    }
  });
});

describe('options', () => {
  it('takes the module path from the flagship config (packages.go) or a stainless.yml Go target', async () => {
    const flagship = await analyzeJson(baseSpec(), {
      configText:
        'packages: { go: github.com/acme/pets-go/v2, go_package: pets }\nresources:\n  pets:\n    methods:\n      retrieve: get /pets/{petId}\n',
    });
    expect(resolveOptions(flagship.model!)).toMatchObject({
      modulePath: 'github.com/acme/pets-go/v2',
      packageName: 'pets',
    });
    const stainless = await analyzeJson(baseSpec(), {
      mode: 'partner_compatible',
      configText:
        'organization: { name: acme }\ntargets:\n  go:\n    package_name: hypeman\n    production_repo: onkernel/hypeman-go\nresources:\n  pets:\n    methods:\n      retrieve: get /pets/{petId}\n',
    });
    expect(resolveOptions(stainless.model!)).toMatchObject({
      modulePath: 'github.com/onkernel/hypeman-go',
      packageName: 'hypeman',
    });
    // Derived: the client name; a module path that is not one falls back to it.
    const plain = await analyzeJson(baseSpec());
    expect(resolveOptions(plain.model!).modulePath).toBe('github.com/test/test-go');
    expect(resolveOptions(plain.model!, { modulePath: 'bad path"\n' }).modulePath).toBe('github.com/test/test-go');
    expect(resolveOptions(plain.model!, { modulePath: 'example.com/x/v3' }).packageName).toBe('x');
  });
});

describe('the Go printer and escaper (names/go.ts)', () => {
  it.each([
    ['pet_id', true, 'PetID'],
    ['petId', false, 'petID'],
    ['api_key', true, 'APIKey'],
    ['json_schema', true, 'JSONSchema'],
    ['get_by_ids', true, 'GetByIDs'],
    ['url', false, 'url'],
    ['type', false, 'type_'],
    ['string', false, 'string_'],
    ['2fa', true, 'N2fa'],
    ['', true, 'Unnamed'],
    ['a"b`c', true, 'ABC'],
  ] as const)('goIdent(%j, exported %s) = %s', (raw, exported, expected) => {
    expect(goIdent(raw, { exported })).toBe(expected);
  });

  it('writes a value an enum lists twice as one constant', async () => {
    const { model } = await analyzeJson(
      baseSpec({
        components: {
          schemas: { Pet: { properties: { status: { type: 'string', enum: ['', '', 'available', 'available'] } } } },
        },
      }),
    );
    const code = emitGoSdk(model!)
      .filter((f) => f.path.endsWith('.go'))
      .map((f) => f.content)
      .join('\n');
    const constants = [...code.matchAll(/^\t(PetStatus\w*)\s+PetStatus = /gm)].map((m) => m[1]);
    expect(constants).toEqual(['PetStatusEmpty', 'PetStatusAvailable']);
  });

  it('writes string literals in ASCII with every quote, backslash, backtick and line break escaped', () => {
    expect(goStr('a"b\\c`d\ne\u2028f\u{1F600}')).toBe('"a\\"b\\\\c`d\\ne\\u2028f\\U0001f600"');
    expect(goStr('\u0000\ud800')).toBe('"\\u0000\\ufffd"');
  });

  it('percent-encodes tag names encoding/json could not carry', () => {
    expect(goTagName('next_cursor')).toBe('next_cursor');
    expect(goTagName('a"b,c`d e%')).toBe('a%22b%2Cc%60d%20e%25');
    expect(goTagName('é')).toBe('%C3%A9');
  });

  it('keeps comments comments: line breaks stay in `//` lines, directives and build tags stay prose', () => {
    expect(goComment('one\r\ntwo\u2028//go:generate rm -rf /\n+build ignore\n  indented\n\n\n*/ x')).toBe(
      '// one\n// two\n// //go:generate rm -rf /\n// | +build ignore\n// indented\n//\n// */ x',
    );
    expect(goComment("it's ''quoted'' ``so``")).toBe("// it's ' 'quoted' ' ` `so` `");
    expect(goComment('go:embed x')).toBe('// | go:embed x');
  });

  it('makes package names and module paths safe', () => {
    expect(goPackageName('hypeman-go')).toBe('hypemango');
    expect(goPackageName('http')).toBe('httpsdk');
    // The tests and README programs name their client `client`: the package must not be.
    expect(goPackageName('client')).toBe('clientsdk');
    expect(goPackageName('client-go')).toBe('clientgo');
    expect(goPackageName('2fa')).toBe('n2fa');
    expect(goModulePath('github.com/acme/x-go')).toBe('github.com/acme/x-go');
    expect(goModulePath('github.com/acme/../x')).toBeUndefined();
    expect(goModulePath('a b')).toBeUndefined();
  });
});

/** The methods of onkernel/hypeman-go v0.7.0 (the Go target of the kernel-hypeman triple), as shipped. */
const HYPEMAN_GO_METHODS = [
  'HealthService.Check',
  'ImageService.Delete',
  'ImageService.Get',
  'ImageService.List',
  'ImageService.New',
  'IngressService.Delete',
  'IngressService.Get',
  'IngressService.List',
  'IngressService.New',
  'InstanceService.Delete',
  'InstanceService.Get',
  'InstanceService.List',
  'InstanceService.LogsStreaming',
  'InstanceService.New',
  'InstanceService.Restore',
  'InstanceService.Standby',
  'InstanceService.Start',
  'InstanceService.Stop',
  'InstanceVolumeService.Attach',
  'InstanceVolumeService.Detach',
  'VolumeService.Delete',
  'VolumeService.Get',
  'VolumeService.List',
  'VolumeService.New',
];

if (!HAS_CORPUS) console.warn('\n!!! Go SDK partner names (kernel-hypeman) SKIPPED: ../shared/corpus is absent.\n');

describe.skipIf(!HAS_CORPUS)('partner mode: the kernel-hypeman triple', () => {
  it('spells every service and method of the shipped Go SDK as it does, under its module path', async () => {
    const dir = path.join(CORPUS, 'migration/kernel-hypeman');
    const result = await analyzeSpec({
      openapiText: readFileSync(path.join(dir, 'openapi.yaml'), 'utf8'),
      configText: readFileSync(path.join(dir, 'stainless.yml'), 'utf8'),
      mode: 'partner_migration',
    });
    const files = emitGoSdk(result.model!);
    const methods = new Set(
      files.flatMap((f) =>
        [...f.content.matchAll(/^func \(r \*([A-Za-z]+Service)\) ([A-Za-z]+)\(/gm)].map((m) => `${m[1]}.${m[2]}`),
      ),
    );
    // The description in the corpus is newer than v0.7.0 (devices, stat): a superset.
    expect(HYPEMAN_GO_METHODS.filter((m) => !methods.has(m))).toEqual([]);
    expect(files.find((f) => f.path === 'go.mod')?.content).toBe('module github.com/onkernel/hypeman-go\n\ngo 1.23\n');
    const client = files.find((f) => f.path === 'client.go')?.content ?? '';
    expect(client).toMatch(/^package hypeman$/m);
    for (const field of ['Health', 'Images', 'Instances', 'Volumes', 'Ingresses'])
      expect(client).toMatch(new RegExp(`^\t${field} +[A-Za-z]+Service$`, 'm'));
    expect(client).toContain('os.LookupEnv("HYPEMAN_API_KEY")');
    expect(files.find((f) => f.path === 'option/generated.go')?.content).toContain(
      'func WithAPIKey(value string) RequestOption',
    );
    // A nested resource's parent id is a field of the params struct, the last id an argument.
    const volumes = String(files.find((f) => f.path === 'instancevolume.go')?.content);
    expect(volumes).toContain(
      'func (r *InstanceVolumeService) Attach(ctx context.Context, volumeID string, params InstanceVolumeAttachParams, opts ...option.RequestOption)',
    );
    expect(volumes).toContain('\tID string `path:"id,required" json:"-"`\n');
    expect(volumes).toContain(
      'path := "instances/" + url.PathEscape(params.ID) + "/volumes/" + url.PathEscape(volumeID)',
    );
    // A response schema the config names no model for is `<Service><Method>Response`, as Stainless names it.
    const health = String(files.find((f) => f.path === 'health.go')?.content);
    expect(health).toContain('(res *HealthCheckResponse, err error)');
    expect(health).toContain('\ntype HealthCheckResponse = Health\n');
  });
});
