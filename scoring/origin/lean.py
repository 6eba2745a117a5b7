"""`lean`: a frozen, slotted dataclass's __init__ written out to fill its slots directly.

A frozen dataclass's own __init__ sets each field through `object.__setattr__` (its frozen __setattr__ refuses
anything else), a generic look-up per field: a 16-field trick result took longer to make than its trick took to
referee. The classes made on every play (a play, its trick, the round read, the results, the events) fill their
slots through each slot's own setter instead, with the same signature and defaults: the same objects, still frozen
(their __setattr__ still refuses)."""
from __future__ import annotations

from dataclasses import MISSING, fields
from types import MemberDescriptorType
from typing import Any, TypeVar

C = TypeVar("C", bound=type)


def lean(cls: C) -> C:
    """`cls` (a frozen dataclass with slots, every field set by __init__ and nothing after it) with the lean
    __init__; any other class is refused (TypeError), so a class the decorator cannot serve is never half-served."""
    params = getattr(cls, "__dataclass_params__", None)
    every = fields(cls) if params is not None else ()
    slots: list[Any] = [getattr(cls, f.name, None) for f in every]
    if (params is None or not params.frozen or hasattr(cls, "__post_init__") or not all(f.init for f in every)
            or any(f.kw_only for f in every) or not all(isinstance(s, MemberDescriptorType) for s in slots)
            or not all(f.name.isidentifier() for f in every)):
        raise TypeError(f"{cls.__name__}: lean serves frozen, slotted dataclasses whose __init__ sets every field")
    scope: dict[str, Any] = {"FACTORY": _Factory()}
    arguments, lines = ["self"], []
    for i, (f, slot) in enumerate(zip(every, slots, strict=True)):
        scope[f"put_{i}"] = slot.__set__
        if f.default is not MISSING:
            scope[f"default_{i}"] = f.default
            arguments.append(f"{f.name}=default_{i}")
        elif f.default_factory is not MISSING:
            scope[f"factory_{i}"] = f.default_factory
            arguments.append(f"{f.name}=FACTORY")
            lines.append(f"    if {f.name} is FACTORY:\n        {f.name} = factory_{i}()")
        else:
            arguments.append(f.name)
        lines.append(f"    put_{i}(self, {f.name})")
    # the names: a dataclass's fields, identifiers (checked above)
    exec(f"def __init__({', '.join(arguments)}):\n" + "\n".join(lines or ["    pass"]), scope)
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    setattr(cls, "__init__", init)  # noqa: B010 (mypy refuses `cls.__init__ = init`)
    return cls


class _Factory:
    """The default of a field made by its factory: given nothing, the field is made when the object is."""

    def __repr__(self) -> str:
        return "<factory>"
