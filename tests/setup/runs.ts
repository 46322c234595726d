import { Run } from '../../db/models/index.ts';

const TERMINAL = new Set(['blocked', 'complete', 'ready', 'failed', 'expired', 'canceled']);

/** Waits (polling the row, the source of truth) until the run reaches a terminal or waiting state. */
export async function waitForRun(
  runId: string,
  timeoutMs = 60_000,
  until: (run: Run) => boolean = (run) => TERMINAL.has(run.status),
): Promise<Run> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run = await Run.findByPk(runId);
    if (run && until(run)) return run;
    if (Date.now() > deadline)
      throw new Error(`run ${runId} is still ${run?.status} (step ${run?.currentStep}) after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A valid description with `operations` operations and as many schemas: big enough to take a while. */
export function largeSpec(operations: number): string {
  const lines = [
    'openapi: 3.0.3',
    'info:',
    '  title: Large',
    '  version: 1.0.0',
    'servers:',
    '  - url: https://api.example.com',
    'paths:',
  ];
  for (let i = 0; i < operations; i += 1) {
    lines.push(
      `  /items${i}/{id}:`,
      '    get:',
      `      operationId: getItem${i}`,
      '      parameters:',
      '        - name: id',
      '          in: path',
      '          required: true',
      '          schema: { type: string }',
      '      responses:',
      "        '200':",
      '          description: ok',
      '          content:',
      '            application/json:',
      `              schema: { $ref: '#/components/schemas/Item${i}' }`,
    );
  }
  lines.push('components:', '  schemas:');
  for (let i = 0; i < operations; i += 1) {
    lines.push(
      `    Item${i}:`,
      '      type: object',
      '      required: [id]',
      '      properties:',
      '        id: { type: string }',
      '        size: { type: integer, minimum: 0 }',
      '        tags: { type: array, items: { type: string } }',
    );
  }
  return `${lines.join('\n')}\n`;
}
