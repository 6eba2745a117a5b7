"""Frozen, slotted dataclasses' objects made lean: `lean`, a class's __init__ written out to fill its slots
directly, and `written`, the functions of the kind (`state.changed` writes one per class and fields changed).

A frozen dataclass's own __init__ sets each field through `object.__setattr__` (its frozen __setattr__ refuses
anything else), a generic look-up per field: a 16-field trick result took longer to make than its trick took to
referee. The classes made on every play (a play, its trick, the round read, the results, the events) fill their
slots through each slot's own setter instead, with the same signature and defaults: the same objects, still frozen
(their __setattr__ still refuses)."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import MISSING, fields
from types import MemberDescriptorType
from typing import Any, TypeVar

C = TypeVar("C", bound=type)


def slotted(cls: type) -> list[MemberDescriptorType] | None:
    """The slots of `cls`'s fields in their order, if it is a frozen dataclass with slots whose __init__ sets every
    field and nothing after it (the objects `lean` and `state.changed` make); else None."""
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or hasattr(cls, "__post_init__"):
        return None
    every = fields(cls)
    slots = [getattr(cls, f.name, None) for f in every]
    if not all(f.init and not f.kw_only and f.name.isidentifier() for f in every) \
            or not all(isinstance(s, MemberDescriptorType) for s in slots):
        return None
    return slots  # type: ignore[return-value]


def written(parameters: Sequence[str], lines: Sequence[str], scope: dict[str, Any]) -> Callable[..., Any]:
    """A function of `parameters` whose body is `lines`, the names in it found in `scope`: compiled once. Its names
    are a dataclass's fields (identifiers: `slotted` checked them) and one letter each of its own (the text is code,
    never shown: `s` the object, `o` the old one, `c` the changes, `n` the new one)."""
    exec(f"def f({', '.join(parameters)}):\n" + "".join(f"    {line}\n" for line in lines or ["pass"]), scope)
    return scope["f"]  # type: ignore[no-any-return]


def lean(cls: C) -> C:
    """`cls` with the lean __init__ (see the module); a class `slotted` refuses is refused (TypeError), so a class
    the decorator cannot serve is never half-served."""
    slots = slotted(cls)
    if slots is None or any(f.name in ("s", "FACTORY") or f.name.startswith(("put_", "default_", "made_"))
                            for f in fields(cls)):  # a field named as the function's own names: refused too
        raise TypeError(cls)
    scope: dict[str, Any] = {"FACTORY": _FACTORY}
    arguments, lines = ["s"], []
    for i, (f, slot) in enumerate(zip(fields(cls), slots, strict=True)):
        scope[f"put_{i}"] = slot.__set__
        value = f.name
        if f.default is not MISSING:
            scope[f"default_{i}"] = f.default
            arguments.append(f"{f.name}=default_{i}")
        elif f.default_factory is not MISSING:
            scope[f"made_{i}"] = _made(f.default_factory)
            arguments.append(f"{f.name}=FACTORY")
            value = f"made_{i}({f.name})"
        else:
            arguments.append(f.name)
        lines.append(f"put_{i}(s, {value})")
    init = written(arguments, lines, scope)
    init.__name__, init.__qualname__ = "__init__", f"{cls.__qualname__}.__init__"
    setattr(cls, "__init__", init)  # noqa: B010 (mypy refuses `cls.__init__ = init`)
    return cls


class _Factory:
    """The default of a field made by its factory: given nothing, the field is made when the object is."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()


def _made(factory: Callable[[], Any]) -> Callable[[Any], Any]:
    return lambda value: factory() if value is _FACTORY else value
