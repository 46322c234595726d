"""Response models: plain classes built from the decoded JSON, driven by a field table per class.

Each generated model subclasses `BaseModel` and is registered with `register_fields` at the end of
its module: for every field its attribute name, its wire key, how to convert the value (another
model, a list or dict of them, a union) and whether it is required. Construction never raises on
unexpected data: a value that does not fit its field's shape is kept as it arrived, keys the
description does not name are kept in `model_extra`, and `to_dict()` gives the JSON back.
"""

from __future__ import annotations

import json
from typing import ClassVar, Dict, List, Mapping, Optional, Tuple, Type, TypeVar, Union, cast

__all__ = [
    "BaseModel",
    "DictOf",
    "ListOf",
    "UnionOf",
    "Converter",
    "FieldSpec",
    "construct",
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
