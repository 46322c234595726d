// The TypeScript SDK runtime's form bodies (workers/generators/typescript/bundle/uploads.ts, shipped
// in every TypeScript SDK, the CLI and the MCP server): `*` is percent-encoded, as OpenAPI's default
// `allowReserved: false` asks. URLSearchParams left it raw, and Prism refused uspto's
// `criteria=*:*` ("Reserved characters used in request body") where the Python SDK's passed.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

// The runtime's sources are typed for the SDK's own tsconfig (DOM lib), not the service's: imported by URL.
const UPLOADS = pathToFileURL(
  join(import.meta.dirname, '../../../../workers/generators/typescript/bundle/uploads.ts'),
).href;
const { urlEncodedText } = (await import(UPLOADS)) as { urlEncodedText(body: unknown): string };

describe('urlEncodedText', () => {
  it('percent-encodes every reserved character, `*` included, by the default form encoding', () => {
    expect(urlEncodedText({ criteria: '*:*', start: 0 })).toBe('criteria=%2A%3A%2A&start=0');
    expect(urlEncodedText({ q: "a b!$&'()+,;=/?#[]@~-._" })).toBe(
      'q=a+b%21%24%26%27%28%29%2B%2C%3B%3D%2F%3F%23%5B%5D%40%7E-._',
    );
    // Arrays one pair per item, objects one pair per member (style form, explode true).
    expect(urlEncodedText({ expand: ['a*', 'b'], metadata: { k: '*' } })).toBe('expand=a%2A&expand=b&k=%2A');
    // And it reads back as the value sent.
    expect(new URLSearchParams(urlEncodedText({ criteria: '*:*' })).get('criteria')).toBe('*:*');
  });
});
