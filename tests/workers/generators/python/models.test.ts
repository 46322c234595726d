// The generated response models at run time (the `models` fixture: unions without a
// discriminator, odd keys, recursion, inline objects, maps): python3 builds them from JSON through
// the package's own `construct` and reads them back. Nothing here is mocked: the package is the
// generator's output, imported as a user would. Twice: with one `types/models.py`, and with the
// models written in parts (emit-models.ts; one named schema per part here, so every reference,
// the recursive one included, crosses parts), which must build the same values and pass both
// strict checkers.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emitPythonSdk } from '../../../../workers/generators/python/index.ts';
import { fixtureModel, MYPY, PYTHON, run, runMypy, runPyright, writeFiles } from './helpers.ts';

if (PYTHON === undefined) console.warn('\n!!! Python SDK models suite SKIPPED: python3 is not on PATH.\n');

const SCRIPT = String.raw`
import json
from model_zoo import BaseModel
from model_zoo._models import ListOf, UnionOf, construct
from model_zoo.types import Cat, Dog, Owner, OwnerAddress, Robot

out = {}
raw = {
    "id": "o1",
    "pets": [
        {"type": "cat", "lives": 9, "name": "Tom"},
        {"type": "dog", "barks": True},
        {"serial": "R2", "name": "Bolt"},
        {"type": "dog", "lives": 3},
        {"type": "cat", "lives": 1, "barks": False},
        42,
    ],
    "favorite": "Tom",
    "by_name": {"Rex": {"type": "dog", "barks": False}},
    "best_friend": {"id": "o2", "pets": [], "best_friend": None},
    "address": {"city": "Oslo", "planet": "Earth"},
    "to_dict": "a field named to_dict",
    "str": "a field named str",
    "createdAt": "2024-01-01",
    "not-an-identifier": 7,
    "class": "first",
    "unknown": {"kept": [1, 2]},
}
owner = construct(Owner, raw)
assert isinstance(owner, Owner)
out["pets"] = [type(p).__name__ for p in owner.pets]
out["fields"] = [owner.id, owner.favorite, owner.to_dict_, owner.str_, owner.created_at, owner.not_an_identifier, owner.class_]
out["by_name"] = type(owner.by_name["Rex"]).__name__ if owner.by_name else None
friend = owner.best_friend
out["friend"] = [type(friend).__name__, friend.id if friend else None, friend.best_friend if friend else "?"]
address = owner.address
out["address"] = [type(address).__name__, address.city if address else None, address.model_extra if address else None]
out["extra"] = owner.model_extra
out["roundtrip"] = owner.to_dict() == raw
out["json_roundtrip"] = json.loads(owner.to_json()) == raw
out["item"] = [owner["not-an-identifier"], owner["unknown"], "class" in owner, "zip" in owner]
out["eq"] = [construct(Owner, raw) == owner, construct(Owner, {**raw, "id": "o3"}) == owner, owner == raw]

# A favorite that is an object is a Pet, chosen by its keys.
out["favorite_obj"] = type(construct(Owner, {"id": "x", "pets": [], "favorite": {"serial": "S"}}).favorite).__name__

# Unexpected server data never raises: values of the wrong shape are kept as they came.
odd = construct(Owner, {"id": 5, "pets": "not a list", "address": [1, 2], "best_friend": "o9"})
out["odd"] = [odd.id, odd.pets, odd.address, odd.best_friend, odd.favorite, odd.to_dict()]
out["not_an_object"] = [construct(Owner, "text"), construct(Owner, None), construct(ListOf(Cat), {"a": 1})]
out["union_no_match"] = construct(UnionOf(Cat, Dog), {"type": "bird"})

# Built by hand: keyword arguments by wire key, attribute assignment shows in to_dict().
cat = Cat(type="cat", lives=7)
cat.name = "Felix"
out["hand"] = [repr(cat), cat.to_dict(), isinstance(cat, BaseModel)]
robot = Robot.from_dict({"serial": "R9"})
out["robot"] = [robot.serial, robot.name, repr(robot)]
try:
    hash(robot)
    out["hashable"] = True
except TypeError:
    out["hashable"] = False
out["dog_missing_required"] = [Dog.from_dict({"type": "dog"}).barks, Dog.from_dict({"type": "dog"}).to_dict()]

# The strict check (a client's _strict_response_validation) reads the annotations, across parts too.
from model_zoo._models import check
strict = []
for value in [
    {"id": "o1", "pets": [{"type": "cat", "lives": 9}], "best_friend": {"id": "o2", "pets": []}},
    {"id": "o1", "pets": [{"type": "cat", "lives": "nine"}]},
    {"id": "o1", "pets": [], "best_friend": {"id": 5, "pets": []}},
]:
    try:
        check(Owner, value)
        strict.append("ok")
    except Exception as error:
        strict.append([type(error).__name__, getattr(error, "path", None)])
out["strict"] = strict
print(json.dumps(out))
`;

describe.skipIf(PYTHON === undefined)('generated response models', () => {
  const roots: string[] = [];
  afterAll(() => {
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });

  it.each([
    ['in one module', undefined],
    ['in parts, one named schema each', 1],
  ])(
    'are built from JSON (%s): unions by keys and constants, maps, recursion, odd keys, extras kept, never raising',
    async (_, modelsPerPart) => {
      const root = mkdtempSync(join(tmpdir(), 'py-sdk-models-'));
      roots.push(root);
      const files = emitPythonSdk(await fixtureModel('models'), modelsPerPart === undefined ? {} : { modelsPerPart });
      const parts = files.filter((f) => /\/types\/_models_\d+\.py$/.test(f.path));
      expect(parts.length).toBe(modelsPerPart === undefined ? 0 : 5);
      writeFiles(root, files);
      writeFileSync(join(root, 'drive.py'), SCRIPT);
      const result = await run(PYTHON as string, [join(root, 'drive.py')], {
        env: { ...process.env, PYTHONPATH: join(root, 'src') },
        timeoutMs: 60_000,
      });
      expect(result.code, result.output).toBe(0);
      const out = JSON.parse(result.output.trim().split('\n').pop() as string) as Record<string, unknown>;
      // cat by its constant, dog, robot by its required key; a dog-typed object lacking `barks` fits
      // no arm (kept as a dict); a cat with a stray key is still the cat; a number stays a number.
      expect(out.pets).toEqual(['Cat', 'Dog', 'Robot', 'dict', 'Cat', 'int']);
      expect(out.fields).toEqual(['o1', 'Tom', 'a field named to_dict', 'a field named str', '2024-01-01', 7, 'first']);
      expect(out.by_name).toBe('Dog');
      expect(out.friend).toEqual(['Owner', 'o2', null]);
      expect(out.address).toEqual(['OwnerAddress', 'Oslo', { planet: 'Earth' }]);
      expect(out.extra).toEqual({ unknown: { kept: [1, 2] } });
      expect(out.roundtrip).toBe(true);
      expect(out.json_roundtrip).toBe(true);
      expect(out.item).toEqual([7, { kept: [1, 2] }, true, false]);
      expect(out.eq).toEqual([true, false, false]);
      expect(out.favorite_obj).toBe('Robot');
      expect(out.odd).toEqual([
        5,
        'not a list',
        [1, 2],
        'o9',
        null,
        { id: 5, pets: 'not a list', best_friend: 'o9', address: [1, 2] },
      ]);
      expect(out.not_an_object).toEqual(['text', null, { a: 1 }]);
      expect(out.union_no_match).toEqual({ type: 'bird' });
      expect(out.hand).toEqual([
        "Cat(type='cat', lives=7, name='Felix')",
        { type: 'cat', lives: 7, name: 'Felix' },
        true,
      ]);
      expect(out.robot).toEqual(['R9', null, "Robot(serial='R9')"]);
      expect(out.hashable).toBe(false);
      expect(out.dog_missing_required).toEqual([null, { type: 'dog' }]);
      expect(out.strict).toEqual(['ok', ['ResponseMismatch', 'pets[0].lives'], ['ResponseMismatch', 'best_friend.id']]);
      if (modelsPerPart !== undefined) {
        // The parts are the models' home; models.py re-exports each of them.
        const where = await run(
          PYTHON as string,
          ['-c', 'from model_zoo.types.models import Owner, Cat; print(Owner.__module__, Cat.__module__)'],
          { env: { ...process.env, PYTHONPATH: join(root, 'src') }, timeoutMs: 60_000 },
        );
        expect(where.output.trim()).toMatch(/^model_zoo\.types\._models_\d+ model_zoo\.types\._models_\d+$/);
      }
    },
    60_000,
  );

  it.skipIf(MYPY === undefined)(
    'in parts, pass mypy --strict and pyright strict',
    async () => {
      const root = mkdtempSync(join(tmpdir(), 'py-sdk-models-'));
      roots.push(root);
      writeFiles(root, emitPythonSdk(await fixtureModel('models'), { modelsPerPart: 1 }));
      const src = join(root, 'src');
      const [mypy, pyright] = await Promise.all([runMypy([src], join(root, '.mypy_cache')), runPyright(root, [src])]);
      expect(mypy.code, mypy.output).toBe(0);
      expect(pyright.code, pyright.output).toBe(0);
    },
    180_000,
  );
});
