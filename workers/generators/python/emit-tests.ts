// The package's own tests (`tests/test_api.py`, standard-library `unittest`: `python -m unittest
// discover -s tests` with `src` on the path): per operation, one call with only the required
// arguments through `client.with_raw_response` (status checked, body parsed) and one with every
// argument and the request options (`extra_headers`, `timeout`), against the API at
// `TEST_API_BASE_URL` (a validating mock of the description; see docs/wire-tests.md). A list
// method walks its first items, a streaming method reads its events. Every value is printed by
// the Python writer's literal printers (`str`, `num`), never pasted. An operation with no optional
// input runs the second call alone, through `with_raw_response` too (core/wire-cases.ts).

import type { GeneratedFile } from '../core/files.ts';
import { isEventStream, requestContent } from '../core/method.ts';
import { methodTargets } from '../core/resources.ts';
import { parameterValue, testValue, type Fill, type TestValue } from '../core/test-values.ts';
import { wireCases, wireTestIdent } from '../core/wire-cases.ts';
import type { ApiModel, Operation, Parameter } from '../model/types.ts';
import type { MethodShape } from './method-shape.ts';
import { MethodShapes } from './naming.ts';
import type { MethodPlan, ResourcePlan, SdkPlan } from './plan.ts';
import { id, join, num, py, PyWriter, str, type Py } from '../printers/python-writer.ts';

export const TESTS_PATH = 'tests/test_api.py';

function value(v: TestValue): Py {
  switch (v.t) {
    case 'str':
      return str(v.v);
    case 'num':
      return num(v.v);
    case 'bool':
      return v.v ? py`True` : py`False`;
    case 'null':
      return py`None`;
    case 'file':
      return py`b"file contents"`;
    case 'arr':
      return py`[${join(v.items.map(value))}]`;
    case 'obj':
      return py`{${join(v.entries.map(([k, x]) => py`${str(k)}: ${value(x)}`))}}`;
  }
}

function callArgs(model: ApiModel, op: Operation, shape: MethodShape, fill: Fill): Py[] {
  const args: Py[] = shape.pathArgs.map((a) => value(parameterValue(model, a.param, fill)));
  for (const a of shape.pathKeywords) args.push(py`${id(a.ident)}=${value(parameterValue(model, a.param, fill))}`);
  const byName = (list: Parameter[] | undefined): Map<string, Parameter> => {
    const map = new Map<string, Parameter>();
    for (const p of list ?? []) if (!map.has(p.name)) map.set(p.name, p);
    return map;
  };
  const params = op.parameters;
  const lists = [
    { args: shape.query, params: byName(params.query) },
    { args: shape.headers, params: byName(params.header) },
    { args: shape.cookies, params: byName(params.cookie) },
  ];
  for (const list of lists)
    for (const a of list.args) {
      const param = list.params.get(a.key);
      if (param && (a.required || fill === 'all'))
        args.push(py`${id(a.ident)}=${value(parameterValue(model, param, fill))}`);
    }
  return args;
}

export function emitTests(model: ApiModel, plan: SdkPlan): GeneratedFile {
  const shapes = new MethodShapes(model, plan);
  const targets = methodTargets<MethodPlan, ResourcePlan>(plan.resources);
  const { clientClass, moduleName } = plan.options;
  const w = new PyWriter();
  w.line(py`# Generated tests: each method against the API at TEST_API_BASE_URL (a mock server of the`);
  w.line(
    py`# description, e.g. \`prism mock openapi.yaml\`). Run: PYTHONPATH=src python -m unittest discover -s tests`,
  );
  w.line(py`import json`);
  w.line(py`import unittest`);
  w.line(py`from os import environ`);
  w.line(py`from typing import Any, Callable`);
  w.blank();
  w.line(py`from ${id(moduleName)} import APIStatusError, ${id(clientClass)}`);
  w.blank();
  w.line(py`BASE_URL = environ.get("TEST_API_BASE_URL", "http://127.0.0.1:4010")`);
  w.blank();
  w.blank();
  w.block(py`def _explain(error: APIStatusError) -> AssertionError:`, () => {
    w.line(py`"""A status error with what the server said (a mock names each violation of the description)."""`);
    w.line(py`violations = error.headers.get("sl-violations")`);
    w.line(py`said = json.dumps(error.body, default=str)[:2000]`);
    w.line(
      py`return AssertionError(f"HTTP {error.status_code}: {said}" + (f" violations: {violations}" if violations else ""))`,
    );
  });
  w.blank();
  w.blank();
  w.block(py`class ApiTest(unittest.TestCase):`, () => {
    w.line(py`client: ${id(clientClass)}`);
    w.blank();
    w.line(py`@classmethod`);
    w.block(py`def setUpClass(cls) -> None:`, () => {
      const credentials = plan.authIdents.map((ident) => py`${id(ident)}=${str('test-credential')}`);
      w.line(py`cls.client = ${id(clientClass)}(${join([...credentials, py`base_url=BASE_URL`, py`max_retries=0`])})`);
    });
    w.blank();
    w.block(py`def _send(self, call: Callable[[], Any]) -> None:`, () => {
      w.block(py`try:`, () => w.line(py`raw = call()`));
      w.block(py`except APIStatusError as error:`, () => w.line(py`raise _explain(error) from error`));
      w.line(py`self.assertTrue(200 <= raw.status_code < 300, f"status {raw.status_code}")`);
      w.line(py`raw.parse()`);
    });
    model.operations.forEach((op, index) => {
      const target = targets.get(op.key);
      if (target === undefined) return;
      const { trail, method } = target;
      const shape = shapes.of(method);
      const attrs = [...trail.map((r) => id(r.attr)), id(method.name)];
      for (const kind of wireCases(op)) {
        const args = callArgs(model, op, shape, kind);
        const options = kind === 'all' ? [py`extra_headers={"X-Wire-Test": "1"}`, py`timeout=30.0`] : [];
        const allArgs = join([...args, ...bodyArgs(model, op, shape, kind), ...options]);
        w.blank();
        w.block(py`def ${id(wireTestIdent(index, kind))}(self) -> None:`, () => {
          const plain = py`self.client.${join(attrs, '.')}(${allArgs})`;
          if (shape.pagination && kind === 'all') {
            w.block(py`try:`, () =>
              w.block(py`for seen, item in enumerate(${plain}):`, () => {
                w.line(py`self.assertIsNotNone(item)`);
                w.block(py`if seen >= 2:`, () => w.line(py`break`));
              }),
            );
            w.block(py`except APIStatusError as error:`, () => w.line(py`raise _explain(error) from error`));
          } else if (isEventStream(shape.response.kind)) {
            w.block(py`try:`, () =>
              w.block(py`with ${plain} as stream:`, () =>
                w.block(py`for event in stream:`, () => w.line(py`self.assertIsNotNone(event)`)),
              ),
            );
            w.block(py`except APIStatusError as error:`, () => w.line(py`raise _explain(error) from error`));
          } else w.line(py`self._send(lambda: self.client.with_raw_response.${join(attrs, '.')}(${allArgs}))`);
        });
      }
    });
  });
  w.blank();
  w.blank();
  w.block(py`if __name__ == "__main__":`, () => w.line(py`unittest.main()`));
  return { path: TESTS_PATH, content: w.toString() };
}

/** The body's arguments: its fields (a flattened object), or the whole body under its argument. */
function bodyArgs(model: ApiModel, op: Operation, shape: MethodShape, fill: Fill): Py[] {
  const b = shape.body;
  const schema = requestContent(op, model)?.content.schema;
  if (b === undefined) return [];
  if (b.mode === 'fields') {
    const example = schema ? testValue(model, schema, fill) : undefined;
    const entries = example?.t === 'obj' ? new Map(example.entries) : new Map<string, TestValue>();
    const out: Py[] = [];
    for (const field of b.fields) {
      const v = entries.get(field.key);
      if (v !== undefined && (field.required || fill === 'all')) out.push(py`${id(field.ident)}=${value(v)}`);
    }
    return out;
  }
  if (!b.arg.required && fill !== 'all') return [];
  const v: TestValue =
    b.kind === 'binary'
      ? { t: 'file' }
      : b.kind === 'text'
        ? { t: 'str', v: 'text' }
        : schema
          ? testValue(model, schema, fill)
          : { t: 'null' };
  return [py`${id(b.arg.ident)}=${value(v)}`];
}
