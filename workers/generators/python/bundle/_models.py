"""Response models: plain classes built from the decoded JSON, driven by a field table per class.

Each generated model subclasses `BaseModel` and is registered with `register_fields` at the end of
its module: for every field its attribute name, its wire key, how to convert the value (another
model, a list or dict of them, a union) and whether it is required. Construction never raises on
unexpected data: a value that does not fit its field's shape is kept as it arrived, keys the
description does not name are kept in `model_extra`, and `to_dict()` gives the JSON back.

`check` (the client's `_strict_response_validation=True`) compares a decoded JSON value with what
the models declare: required keys present, and each field's value of its annotated type
(str/int/float/bool, lists, dicts, literals and enums, other models, unions, None where Optional).
The annotations are read from the classes themselves, once per class.
"""

from __future__ import annotations

import json
import sys
from typing import Any, ClassVar, Dict, ForwardRef, List, Literal, Mapping, Optional, Tuple, Type, TypeVar, Union, cast, get_args, get_origin

__all__ = [
    "BaseModel",
    "DictOf",
    "ListOf",
    "UnionOf",
    "Converter",
    "FieldSpec",
    "construct",
    "check",
    "ResponseMismatch",
    "register_fields",
]

M = TypeVar("M", bound="BaseModel")


class ListOf:
    """A list whose items convert with `item`."""

    __slots__ = ("item",)

    def __init__(self, item: "Converter") -> None:
        self.item = item


class DictOf:
    """An object of arbitrary keys (`additionalProperties`) whose values convert with `value`."""

    __slots__ = ("value",)

    def __init__(self, value: "Converter") -> None:
        self.value = value


class UnionOf:
    """One of several shapes. An object value takes the model the discriminator names when there is
    one, else the model arm whose required keys (and constant fields) all match, the one with the
    most known keys present winning (the first on a tie); anything else is kept as it arrived."""

    __slots__ = ("arms", "discriminator", "mapping")

    def __init__(
        self,
        *arms: "Converter",
        discriminator: Optional[str] = None,
        mapping: Optional[Mapping[str, "Converter"]] = None,
    ) -> None:
        self.arms = arms
        self.discriminator = discriminator
        self.mapping: Mapping[str, Converter] = mapping or {}


Converter = Union[None, Type["BaseModel"], ListOf, DictOf, UnionOf]
"""How a field's JSON value becomes its Python value (`None`: kept as it is)."""

FieldSpec = Tuple[str, str, Converter, bool]
"""One field: attribute name, wire key, converter, required."""

class BaseModel:
    """The base of every response model: attribute access to the fields, `to_dict()` / `to_json()`
    for the JSON, `model_extra` for keys the description does not name, `model["key"]` for the
    value under any wire key (typed `object`)."""

    __model_fields__: ClassVar[Tuple[FieldSpec, ...]] = ()
    __model_consts__: ClassVar[Dict[str, object]] = {}
    __model_keys__: ClassVar[Dict[str, str]] = {}

    def __init__(self, **data: object) -> None:
        """Builds the model from wire keys and values, as `from_dict` does."""
        _fill(self, data)

    @classmethod
    def from_dict(cls: Type[M], data: Mapping[str, object]) -> M:
        """The model built from a decoded JSON object (nested models built too; never raises on
        unexpected data)."""
        model = cls.__new__(cls)
        _fill(model, data)
        return model

    @property
    def model_extra(self) -> Dict[str, object]:
        """The keys of the JSON object that the description does not name, with their values."""
        return cast(Dict[str, object], self.__dict__["__model_extra__"])

    def to_dict(self) -> Dict[str, object]:
        """The model as JSON-ready data: the fields that were set (nested models converted too),
        under their wire keys, then the extra keys."""
        out: Dict[str, object] = {}
        given = _given(self)
        for attr, key, _converter, _required in type(self).__model_fields__:
            if key in given:
                out[key] = _plain(self.__dict__.get(attr))
        for key, value in self.model_extra.items():
            out[key] = _plain(value)
        return out

    def to_json(self, *, indent: Optional[int] = 2) -> str:
        """`to_dict()` as a JSON string."""
        return json.dumps(self.to_dict(), indent=indent)

    def __getitem__(self, key: str) -> object:
        """The value under a wire key, as `to_dict()` has it (`KeyError` when absent)."""
        return self.to_dict()[key]

    def __contains__(self, key: object) -> bool:
        return key in self.to_dict()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BaseModel) or type(other) is not type(self):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __repr__(self) -> str:
        given = _given(self)
        parts: List[str] = []
        for attr, key, _converter, _required in type(self).__model_fields__:
            if key in given:
                parts.append(f"{attr}={self.__dict__.get(attr)!r}")
        if self.model_extra:
            parts.append(f"model_extra={self.model_extra!r}")
        return f"{type(self).__name__}({', '.join(parts)})"

    def __setattr__(self, name: str, value: object) -> None:
        key = type(self).__model_keys__.get(name)
        if key is not None:
            _given(self)[key] = None
        object.__setattr__(self, name, value)


setattr(BaseModel, "__hash__", None)  # mutable: not hashable, like a dict


def register_fields(
    cls: Type[BaseModel],
    fields: Tuple[FieldSpec, ...],
    consts: Optional[Dict[str, object]] = None,
) -> None:
    """Attaches a model's field table (written by the generator, one call per model)."""
    cls.__model_fields__ = fields
    cls.__model_consts__ = consts or {}
    cls.__model_keys__ = {attr: key for attr, key, _converter, _required in fields}


def _given(model: BaseModel) -> Dict[str, None]:
    """The wire keys whose fields were set (from the data or by assignment), in order."""
    return cast(Dict[str, None], model.__dict__["__model_given__"])


def _fill(model: BaseModel, data: Mapping[str, object]) -> None:
    given: Dict[str, None] = {}
    extra: Dict[str, object] = {}
    state = model.__dict__
    state["__model_given__"] = given
    state["__model_extra__"] = extra
    known: Dict[str, str] = {}
    for attr, key, converter, _required in type(model).__model_fields__:
        known[key] = attr
        if key in data:
            given[key] = None
            state[attr] = construct(converter, data[key])
        else:
            state[attr] = None
    for key, value in data.items():
        if key not in known:
            extra[key] = value


def _plain(value: object) -> object:
    if isinstance(value, BaseModel):
        return value.to_dict()
    if isinstance(value, list):
        return [_plain(v) for v in cast(List[object], value)]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in cast(Dict[object, object], value).items()}
    return value


def _score(cls: Type[BaseModel], data: Mapping[str, object]) -> int:
    """-1 when the object cannot be this model (a required key absent or a constant field
    different), else the number of the model's keys it has."""
    for key, const in cls.__model_consts__.items():
        if key in data and data[key] != const:
            return -1
    present = 0
    for _attr, key, _converter, required in cls.__model_fields__:
        if key in data:
            present += 1
        elif required:
            return -1
    return present


def _pick(union: UnionOf, data: Mapping[str, object]) -> Converter:
    if union.discriminator is not None:
        tag = data.get(union.discriminator)
        if isinstance(tag, str) and tag in union.mapping:
            return union.mapping[tag]
    best: Converter = None
    best_score = -1
    fallback: Converter = None
    for arm in union.arms:
        if isinstance(arm, type):
            score = _score(arm, data)
            if score > best_score:
                best, best_score = arm, score
        elif isinstance(arm, DictOf) and fallback is None:
            fallback = arm
    return best if best is not None else fallback


def construct(converter: Converter, value: object) -> object:
    """`value` converted as `converter` says (models built from objects, lists and dicts walked);
    a value of another shape is returned as it is."""
    if converter is None or value is None:
        return value
    if isinstance(converter, ListOf):
        if isinstance(value, list):
            item = converter.item
            return [construct(item, v) for v in cast(List[object], value)]
        return value
    if isinstance(converter, DictOf):
        if isinstance(value, dict):
            inner = converter.value
            return {k: construct(inner, v) for k, v in cast(Dict[str, object], value).items()}
        return value
    if isinstance(converter, UnionOf):
        if isinstance(value, dict):
            data = cast(Dict[str, object], value)
            return construct(_pick(converter, data), data)
        if isinstance(value, list):
            for arm in converter.arms:
                if isinstance(arm, ListOf):
                    return construct(arm, cast(List[object], value))
            return cast(List[object], value)
        return value
    if isinstance(value, dict):
        return converter.from_dict(cast(Dict[str, object], value))
    return value


class ResponseMismatch(Exception):
    """Where a response value differs from its declared type: the property path and what was expected."""

    def __init__(self, path: str, expected: str, value: object) -> None:
        self.path = path or "(the body)"
        self.expected = expected
        self.value = value
        super().__init__(f"{self.path}: expected {expected}, got {_describe_value(value)}")


_MISSING = object()


def _describe_value(value: object) -> str:
    if value is _MISSING:
        return "nothing (the property is missing)"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number (" + repr(value) + ")"
    if isinstance(value, str):
        return "a string (" + repr(value[:40]) + ")"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


# A field's declared type, compiled from its annotation: (kind, detail, children).
_Check = Tuple[str, object, Tuple["_Check", ...]]
_ANY: _Check = ("any", None, ())
_checks: Dict[type, Dict[str, _Check]] = {}


def _namespaces(cls: type) -> List[Dict[str, Any]]:
    """Where a model's annotations are evaluated: its module, then the package's `types.models`
    (the named aliases' quoted members refer to that module's names)."""
    spaces: List[Dict[str, Any]] = []
    module = sys.modules.get(cls.__module__)
    if module is not None:
        spaces.append(vars(module))
    models = sys.modules.get(__name__.rpartition(".")[0] + ".types.models")
    if models is not None:
        spaces.append(vars(models))
    return spaces


def _evaluate(text: str, spaces: List[Dict[str, Any]]) -> object:
    for space in spaces:
        try:
            value: object = eval(text, dict(space))
            return value
        except Exception:  # a name of another module (NameError), or not an expression of ours
            continue
    return Any


def _compile(annotation: object, spaces: List[Dict[str, Any]], seen: Tuple[str, ...]) -> _Check:
    if isinstance(annotation, str) or isinstance(annotation, ForwardRef):
        text = annotation if isinstance(annotation, str) else annotation.__forward_arg__
        if text in seen:  # a recursive alias: not followed again
            return _ANY
        return _compile(_evaluate(text, spaces), spaces, seen + (text,))
    if annotation is Any or annotation is object:
        return _ANY
    if annotation is None or annotation is type(None):
        return ("none", None, ())
    if annotation is str or annotation is int or annotation is float or annotation is bool:
        return ("prim", annotation, ())
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return ("model", annotation, ())
    origin: object = get_origin(annotation)
    args: Tuple[object, ...] = get_args(annotation)
    if origin is Union:
        return ("union", None, tuple(_compile(arm, spaces, seen) for arm in args))
    if origin is Literal:
        return ("literal", args, ())
    if origin is list:
        return ("list", None, (_compile(args[0], spaces, seen) if args else _ANY,))
    if origin is dict:
        return ("dict", None, (_compile(args[1], spaces, seen) if len(args) == 2 else _ANY,))
    return _ANY


def _field_checks(cls: Type["BaseModel"]) -> Dict[str, _Check]:
    found = _checks.get(cls)
    if found is not None:
        return found
    annotations: Dict[str, object] = {}
    for klass in reversed(cls.__mro__):
        annotations.update(cast("Dict[str, object]", klass.__dict__.get("__annotations__", {})))
    spaces = _namespaces(cls)
    compiled: Dict[str, _Check] = {}
    for attr, _key, _converter, _required in cls.__model_fields__:
        annotation = annotations.get(attr)
        compiled[attr] = _ANY if annotation is None else _compile(annotation, spaces, ())
    _checks[cls] = compiled
    return compiled


def _expected(check: _Check) -> str:
    kind, detail, children = check
    if kind == "none":
        return "null"
    if kind == "prim":
        return {str: "a string", int: "an integer", float: "a number", bool: "a boolean"}.get(cast(type, detail), "a value")
    if kind == "model":
        return "an object (" + cast(type, detail).__name__ + ")"
    if kind == "literal":
        return "one of " + ", ".join(json.dumps(v) for v in cast("Tuple[object, ...]", detail))
    if kind == "list":
        return "a list"
    if kind == "dict":
        return "an object"
    if kind == "union":
        return " or ".join(_expected(child) for child in children)
    return "any value"


def _mismatch(check: _Check, value: object, path: str) -> Optional[ResponseMismatch]:
    """None when `value` fits `check`, else the first mismatch (the deepest one in a union)."""
    kind, detail, children = check
    if kind == "any":
        return None
    if kind == "none":
        return None if value is None else ResponseMismatch(path, "null", value)
    if kind == "prim":
        if detail is bool:
            fits = isinstance(value, bool)
        elif detail is int:
            fits = isinstance(value, int) and not isinstance(value, bool)
        elif detail is float:
            fits = isinstance(value, (int, float)) and not isinstance(value, bool)
        else:
            fits = isinstance(value, str)
        return None if fits else ResponseMismatch(path, _expected(check), value)
    if kind == "literal":
        for allowed in cast("Tuple[object, ...]", detail):
            if value == allowed and type(value) is type(allowed):
                return None
        return ResponseMismatch(path, _expected(check), value)
    if kind == "list":
        if not isinstance(value, list):
            return ResponseMismatch(path, "a list", value)
        for i, item in enumerate(cast("List[object]", value)):
            found = _mismatch(children[0], item, f"{path}[{i}]")
            if found is not None:
                return found
        return None
    if kind == "dict":
        if not isinstance(value, dict):
            return ResponseMismatch(path, "an object", value)
        for key, item in cast("Dict[str, object]", value).items():
            found = _mismatch(children[0], item, _join(path, key))
            if found is not None:
                return found
        return None
    if kind == "model":
        model = cast("Type[BaseModel]", detail)
        if not isinstance(value, dict):
            return ResponseMismatch(path, _expected(check), value)
        return _model_mismatch(model, cast("Dict[str, object]", value), path)
    if kind == "union":
        deepest: Optional[ResponseMismatch] = None
        best = (-1, -1)
        for child in children:
            found = _mismatch(child, value, path)
            if found is None:
                return None
            if found.path != (path or "(the body)"):
                # The value had the arm's shape and a property inside it differs: reported for the
                # arm it most looks like (its constants match, then the most of its keys present).
                rank = _likeness(child, value)
                if rank > best:
                    deepest, best = found, rank
        return deepest if deepest is not None else ResponseMismatch(path, _expected(check), value)
    return None


def _likeness(check: _Check, value: object) -> Tuple[int, int]:
    kind, detail, _children = check
    if kind != "model" or not isinstance(value, dict):
        return (0, 0)
    data = cast("Dict[str, object]", value)
    model = cast("Type[BaseModel]", detail)
    consts = all(data.get(key) == const for key, const in model.__model_consts__.items())
    known = sum(1 for _attr, key, _converter, _required in model.__model_fields__ if key in data)
    return (1 if consts else 0, known)


def _join(path: str, key: str) -> str:
    return key if path == "" else path + "." + key


def _model_mismatch(cls: Type["BaseModel"], data: Mapping[str, object], path: str) -> Optional[ResponseMismatch]:
    checks = _field_checks(cls)
    for attr, key, _converter, required in cls.__model_fields__:
        where = _join(path, key)
        if key not in data:
            if required:
                return ResponseMismatch(where, "a value (a required property of " + cls.__name__ + ")", _MISSING)
            continue
        value = data[key]
        if value is None and not required:
            continue  # an optional property may be null (its attribute is None either way)
        found = _mismatch(checks.get(attr, _ANY), value, where)
        if found is not None:
            return found
    return None


def check(converter: Converter, value: object, path: str = "") -> None:
    """Raises `ResponseMismatch` where a decoded JSON value is not what `converter`'s models declare.

    The top level is checked as far as the converter tells (an object for a model, a list for a
    list); inside a model every field is checked against its annotation. A null or primitive top
    level is left alone (the response type may be nullable, or a union with a primitive arm).
    """
    if converter is None or value is None:
        return
    whole: object = value  # reported as it is (the checks below narrow `value`)
    if isinstance(converter, ListOf):
        if isinstance(value, dict):
            raise ResponseMismatch(path, "a list", whole)
        if isinstance(value, list):
            for i, item in enumerate(cast("List[object]", value)):
                check(converter.item, item, f"{path}[{i}]")
        return
    if isinstance(converter, DictOf):
        if isinstance(value, list):
            raise ResponseMismatch(path, "an object", whole)
        if isinstance(value, dict):
            for key, item in cast("Dict[str, object]", value).items():
                check(converter.value, item, _join(path, key))
        return
    if isinstance(converter, UnionOf):
        if isinstance(value, dict):
            data = cast("Dict[str, object]", value)
            arms = [arm for arm in converter.arms if isinstance(arm, type)]
            tag = data.get(converter.discriminator) if converter.discriminator is not None else None
            if isinstance(tag, str) and tag in converter.mapping:
                check(converter.mapping[tag], data, path)
                return
            picked = _pick(converter, data)
            if picked is not None:
                check(picked, data, path)
            elif arms and len(arms) == len(converter.arms):
                raise ResponseMismatch(path, " or ".join("an object (" + arm.__name__ + ")" for arm in arms), whole)
        elif isinstance(value, list):
            for arm in converter.arms:
                if isinstance(arm, ListOf):
                    check(arm, whole, path)
        return
    if isinstance(value, list):
        raise ResponseMismatch(path, "an object (" + converter.__name__ + ")", whole)
    if isinstance(value, dict):
        found = _model_mismatch(converter, cast("Dict[str, object]", value), path)
        if found is not None:
            raise found
