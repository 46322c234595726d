// `llms.txt` and `llms-full.txt` (the llmstxt.org convention): the API for language models, as
// Markdown. `llms.txt` is the index: title, summary, the client libraries (the MCP server first:
// it is how an agent calls the API) and a link per resource page and operation; `llms-full.txt`
// adds each operation's parameters and request body as JSON Schema. Prose from the description is
// escaped with mdText (one line, control characters removed); names and paths go through mdCode;
// schemas are JSON in fenced blocks.

import type { GeneratedFile } from '../core/files.ts';
import { jsonSchemaConverter } from '../core/json-schema.ts';
import { mdCode, mdFence, mdText } from '../core/markdown.ts';
import { requestContent } from '../core/method.ts';
import type { ApiModel, Operation } from '../model/types.ts';
import type { OperationSamples } from './samples.ts';
import type { SitePlan } from './site-plan.ts';
import { DELIVERABLES, type Deliverable } from './types.ts';

export interface LlmsNames {
  typescript: { packageName: string };
  python: { packageName: string };
  cli: { bin: string };
  mcp: { packageName: string; bin: string; toolNames: ReadonlyMap<string, string> };
}

/** Control characters (tab and newline kept) and bidi overrides: never in the text files. */
const INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function header(model: ApiModel, siteTitle: string, names: LlmsNames, delivered: ReadonlySet<Deliverable>): string[] {
  const info = model.info;
  const lines = [`# ${mdText(info.title || siteTitle) || 'API reference'}`, ''];
  const summary = info.summary ?? info.description?.split(/\n\s*\n/)[0];
  if (summary !== undefined && mdText(summary) !== '') lines.push(`> ${clip(mdText(summary), 500)}`, '');
  lines.push(`Version ${mdCode(info.version)}, OpenAPI ${mdCode(model.openapiVersion)}.`);
  const server = model.environments[0]?.url ?? model.servers[0]?.url;
  if (server !== undefined) lines.push(`Base URL: ${mdCode(server)}.`);
  const libraries = [
    delivered.has('mcp')
      ? `- MCP server (for AI agents): ${mdCode(`npx -y ${names.mcp.packageName}`)}; one tool per operation, named ${mdCode('resource_method')} (the operations below give each tool's name).`
      : undefined,
    delivered.has('typescript') ? `- TypeScript: ${mdCode(`npm install ${names.typescript.packageName}`)}` : undefined,
    delivered.has('python') ? `- Python: ${mdCode(`pip install ${names.python.packageName}`)}` : undefined,
    delivered.has('cli') ? `- CLI: ${mdCode(`${names.cli.bin} --help`)}` : undefined,
  ].filter((line): line is string => line !== undefined);
  if (libraries.length > 0) lines.push('', '## Client libraries', '', ...libraries);
  lines.push('');
  return lines;
}

function operationLine(op: Operation, url: string, names: LlmsNames): string {
  const tool = names.mcp.toolNames.get(op.key);
  const summary = mdText(op.summary ?? '');
  return `- [${mdText(`${op.method.toUpperCase()} ${op.path}`)}](${url})${tool !== undefined ? ` (tool ${mdCode(tool)})` : ''}${summary !== '' ? `: ${clip(summary, 300)}` : ''}`;
}

export function llmsFiles(
  model: ApiModel,
  site: SitePlan,
  siteTitle: string,
  allNames: LlmsNames,
  samples: (op: Operation) => OperationSamples,
  delivered: ReadonlySet<Deliverable> = new Set(DELIVERABLES),
): GeneratedFile[] {
  // Without the MCP server no operation names a tool.
  const names = delivered.has('mcp') ? allNames : { ...allNames, mcp: { ...allNames.mcp, toolNames: new Map() } };
  const index = header(model, siteTitle, names, delivered);
  const full = header(model, siteTitle, names, delivered);
  index.push('## Resources', '');
  for (const resource of site.resources) {
    index.push(`### [${mdText(resource.title) || 'Other'}](${resource.path})`, '');
    full.push(`## ${mdText(resource.title) || 'Other'}`, '');
    for (const section of resource.sections) {
      for (const entry of section.operations) {
        const url = `${entry.page}#${entry.anchor}`;
        index.push(operationLine(entry.op, url, names));
        full.push(...operationDetails(model, entry.op, url, names, samples));
      }
    }
    index.push('');
  }
  index.push(
    '## Optional',
    '',
    '- [Full reference for language models](llms-full.txt)',
    '- [Schemas](schemas/index.html)',
    '',
  );
  return [
    { path: 'llms.txt', content: index.join('\n') },
    { path: 'llms-full.txt', content: full.join('\n') },
  ];
}

function operationDetails(
  model: ApiModel,
  op: Operation,
  url: string,
  names: LlmsNames,
  samples: (op: Operation) => OperationSamples,
): string[] {
  const lines = [`### ${mdText(`${op.method.toUpperCase()} ${op.path}`)}`, ''];
  const tool = names.mcp.toolNames.get(op.key);
  if (op.summary !== undefined && mdText(op.summary) !== '') lines.push(mdText(op.summary), '');
  if (op.description !== undefined && mdText(op.description) !== '') lines.push(clip(mdText(op.description), 2000), '');
  if (op.deprecated) lines.push('Deprecated.', '');
  lines.push(`Reference: ${url}${tool !== undefined ? `. MCP tool: ${mdCode(tool)}` : ''}.`, '');
  const convert = jsonSchemaConverter(model, { request: true, files: false });
  const params = [...op.parameters.path, ...op.parameters.query, ...op.parameters.header, ...op.parameters.cookie];
  if (params.length > 0) {
    lines.push('Parameters:', '');
    for (const p of params) {
      const schema = JSON.stringify(convert(p.schema));
      lines.push(
        `- ${mdCode(p.name)} (${p.in}${p.in === 'path' || p.required ? ', required' : ''}): ${mdCode(clip(schema, 300))}${p.description !== undefined && mdText(p.description) !== '' ? ` ${clip(mdText(p.description), 300)}` : ''}`,
      );
    }
    lines.push('');
  }
  const body = requestContent(op, model);
  if (body !== undefined) {
    const schema = JSON.stringify(convert(body.content.schema, body.kind === 'multipart'), null, 1);
    lines.push(`Request body (${mdCode(body.content.mediaType)}${op.requestBody?.required ? ', required' : ''}):`, '');
    lines.push(mdFence(clip(schema, 6000), 'json'), '');
  }
  const { curl } = samples(op);
  lines.push(mdFence(curl.replace(INVISIBLE, ''), 'sh'), '');
  return lines;
}
