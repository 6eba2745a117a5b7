"""A game's events to and from JSON-ready payloads for the durable log, worked out from the events' dataclasses: a
stable type name per event class, a version, and each field read back as its type says (whole numbers, text, flags,
None where allowed, tuples of those, records inside an event, and the game's own values through `Leaf`s). Every
game's codec is one of these (scoring/<game>/codec.py gives its names and leaves); a payload that does not read
back exactly is refused with InputError naming the field (the store names the damaged event)."""
from __future__ import annotations

import types
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields, is_dataclass
from enum import Enum
from typing import Any, Generic, TypeVar, Union, get_args, get_origin, get_type_hints

from .errors import InputError
from .i18n import _, ngettext
from .said import Said

T = TypeVar("T")
WHOLE = 2**63  # whole numbers in a payload are 64-bit, as every database keeps them
_PLAIN = frozenset({str, int, bool, type(None)})  # the most common values, written as they are


@dataclass(frozen=True, slots=True)
class Leaf(Generic[T]):
    """A value of the game's own written as one JSON value (a card as "9br"): how it is written, how it is read back
    (raising ValueError when the payload does not hold one), and how a person calls it in a refusal."""

    write: Callable[[T], Any]
    read: Callable[[Any], T]
    described: str  # marked with N_ (translated where said), or a Said


class _Mismatch(Exception):
    """A stored value without the shape of its field's type."""


class Codec:
    def __init__(self, names: Mapping[type, str], version: int, leaves: Mapping[type, Leaf[Any]] | None = None,
                 game: str = "") -> None:
        """`names`: each event class's stable type name (stored logs depend on them: a class may be renamed, its
        name here may not); `leaves`: how the game's own values are written; `game`: as a refusal names it."""
        self.VERSION = version
        self.names = dict(names)
        self.types = {name: cls for cls, name in self.names.items()}
        self.leaves = dict(leaves or {})
        self.game = game
        self.fields = {cls: tuple(f.name for f in fields(cls)) for cls in self.names}
        self.hints = {cls: get_type_hints(cls) for cls in self.names}
        self.readers = {cls: {k: self._reader(self.hints[cls][k]) for k in self.fields[cls]} for cls in self.names}
        self.keys = {cls: frozenset(names) for cls, names in self.fields.items()}
        self.makers = {cls: _maker(cls, self.fields[cls], self.readers[cls]) for cls in self.names}
        # Events holding only text, numbers, flags and tuples of them are written as they are (most of a log).
        self.flat = frozenset(cls for cls in self.names if not any(self._special(h) for h in self.hints[cls].values()))

    # --- writing -----------------------------------------------------------------------------------------------
    def encode(self, event: Any) -> tuple[str, int, dict[str, Any]]:
        """(type name, version, payload)."""
        cls = type(event)
        name = self.names.get(cls)
        if name is None:
            if self.game:
                raise InputError(_("{event} is not an event of {game}: it cannot go in its log").format(
                    event=cls.__name__, game=self.game))
            raise InputError(_("{event} is not an event of this game: it cannot go in its log").format(
                event=cls.__name__))
        if cls in self.flat:
            return name, self.VERSION, {k: getattr(event, k) for k in self.fields[cls]}
        return name, self.VERSION, {k: self._plain(getattr(event, k)) for k in self.fields[cls]}

    def _plain(self, value: Any) -> Any:
        if type(value) in _PLAIN:
            return value
        leaf = self.leaves.get(type(value))
        if leaf is not None:
            return leaf.write(value)
        if isinstance(value, tuple):
            return [self._plain(v) for v in value]
        if is_dataclass(value) and not isinstance(value, type):  # a record inside an event
            return {f.name: self._plain(getattr(value, f.name)) for f in fields(value)}
        if isinstance(value, Enum):
            return value.value
        return value

    def _special(self, hint: Any) -> bool:
        """A field type whose values are not written as they are: a record, a leaf of the game's, or one inside."""
        return (hint in self.leaves or (isinstance(hint, type) and (is_dataclass(hint) or issubclass(hint, Enum)
                                                                    and not issubclass(hint, str)))
                or any(self._special(a) for a in get_args(hint)))

    # --- reading -----------------------------------------------------------------------------------------------
    def decode(self, name: str, version: int, payload: dict[str, Any]) -> Any:
        cls = self.types.get(name)
        if cls is None:
            raise InputError(_("unknown event type {name}: written by a newer companion?").format(name=repr(name)))
        if version != self.VERSION:
            raise InputError(_("{name} version {version} is not readable by this companion (it reads {reads})").format(
                name=name, version=version, reads=self.VERSION))
        if not isinstance(payload, dict) or payload.keys() != self.keys[cls]:
            raise InputError(_("{name}: the payload must have exactly {fields}").format(
                name=name, fields=", ".join(sorted(self.fields[cls]))))
        try:  # every field read in one go (a log has hundreds of events); the one refused is found after
            return self.makers[cls](payload)
        except _Mismatch:
            pass
        readers = self.readers[cls]
        for key, read in readers.items():
            try:
                read(payload[key])
            except _Mismatch:
                # TRANSLATORS: {name}: an event's stored type; {field}: one of its fields; {kind}: what the field holds
                # ("a whole number", "a list of text", "text or null").
                raise InputError(_("{name}: {field} must be {kind}, not {value}").format(
                    name=name, field=key, kind=self._describe(self.hints[cls][key]),
                    value=_short(payload[key]))) from None
        raise AssertionError  # unreachable: the readers are pure, and one refused the payload above

    def _reader(self, hint: Any) -> Callable[[Any], Any]:
        """A function that gives a payload value of field type `hint` as the event holds it (lists as tuples, records
        inside as their classes, the game's leaves as its values) or raises _Mismatch. Made once per field, so a log
        read does not work out the type for every value."""
        leaf = self.leaves.get(hint)
        if leaf is not None:
            return _checked(leaf.read)
        origin, args = get_origin(hint), get_args(hint)
        if origin in (Union, types.UnionType):
            nullable = type(None) in args
            options = tuple(self._reader(a) for a in args if a is not type(None))

            def either(value: Any) -> Any:
                if value is None and nullable:  # only the None option reads None: the others are not tried (and
                    return None  # failed, an exception each, for most values of a log)
                for read in options:
                    try:
                        return read(value)
                    except _Mismatch:
                        pass
                raise _Mismatch
            return either
        if origin is tuple:
            return self._tuple(args)
        if isinstance(hint, type) and is_dataclass(hint):
            fields_of = {k: self._reader(h) for k, h in get_type_hints(hint).items()}

            def record(value: Any) -> Any:
                if not isinstance(value, dict) or value.keys() != fields_of.keys():
                    raise _Mismatch
                return hint(**{k: fields_of[k](v) for k, v in value.items()})
            return record
        supertype = getattr(hint, "__supertype__", None)  # a NewType such as CardId
        if hint is str or supertype is str or isinstance(hint, type) and issubclass(hint, str):
            return _text  # a text enum stays its text, as it compares equal
        if isinstance(hint, type) and issubclass(hint, Enum):
            return _checked(hint)
        readers: dict[Any, Callable[[Any], Any]] = {type(None): _leaf(lambda v: v is None), bool: _flag, int: _whole}
        if hint not in readers:
            raise TypeError(f"no reader for a field of type {hint!r}")  # a new field type: give the codec a Leaf
        return readers[hint]

    def _tuple(self, args: tuple[Any, ...]) -> Callable[[Any], Any]:
        if len(args) == 2 and args[1] is Ellipsis:
            leaf = self.leaves.get(args[0])
            if leaf is not None:  # a list of the game's values (cards): one check for the list, not one per value
                read_leaf = leaf.read

                def leaves(value: Any) -> tuple[Any, ...]:
                    if not isinstance(value, (list, tuple)):
                        raise _Mismatch
                    try:
                        return tuple(map(read_leaf, value))
                    except (ValueError, TypeError):
                        raise _Mismatch from None
                return leaves
            each = self._reader(args[0])

            def many(value: Any) -> tuple[Any, ...]:
                if not isinstance(value, (list, tuple)):
                    raise _Mismatch
                return tuple(map(each, value))
            return many
        parts = tuple(self._reader(a) for a in args)
        if len(parts) == 2:  # a pair (a seat and its cards, a rule and its sentence): most fixed tuples of a log
            first, second = parts

            def pair(value: Any) -> tuple[Any, ...]:
                if not isinstance(value, (list, tuple)) or len(value) != 2:
                    raise _Mismatch
                return first(value[0]), second(value[1])
            return pair

        def fixed(value: Any) -> tuple[Any, ...]:
            if not isinstance(value, (list, tuple)) or len(value) != len(parts):
                raise _Mismatch
            return tuple([read(v) for read, v in zip(parts, value, strict=True)])
        return fixed

    def _describe(self, hint: Any) -> str:
        """What a field of type `hint` holds, as a person calls it ("a list of text"), in the language in use."""
        if hint in self.leaves:
            leaf = self.leaves[hint].described  # marked with N_, or a Said (made with its values)
            return str(leaf) if isinstance(leaf, Said) else _(leaf)
        origin, args = get_origin(hint), get_args(hint)
        if origin in (Union, types.UnionType):
            described = [self._describe(a) for a in args]
            said = described[0]
            for other in described[1:]:
                # TRANSLATORS: two kinds of value a stored field may hold ("text or null").
                said = _("{first} or {last}").format(first=said, last=other)
            return said
        if hint is type(None):
            return "null"  # the JSON word
        if origin is tuple:
            if args[-1] is Ellipsis:
                return _("a list of {kind}").format(kind=self._describe(args[0]))
            return ngettext("a list of {n} value", "a list of {n} values", len(args)).format(n=len(args))
        if isinstance(hint, type) and is_dataclass(hint):
            # TRANSLATORS: {record} is a record's name as the code calls it (Grant): only ever inside a list.
            return _("{record} objects").format(record=hint.__name__)
        if isinstance(hint, type) and issubclass(hint, Enum) and not issubclass(hint, str):
            return _("one of {values}").format(values=", ".join(str(m.value) for m in hint))
        if hint is bool:
            return _("true or false")
        if hint is int:
            return _("a whole number")
        return _("text")


def _maker(cls: type, names: tuple[str, ...], readers: dict[str, Callable[[Any], Any]]) -> Callable[[Any], Any]:
    """A function making a `cls` from a payload holding exactly its fields (`names`), each read by its reader:
    written out with a line per field, as dataclasses writes __init__ (a loop over the fields, building the
    arguments, cost a third more). `_Mismatch` from a reader goes through."""
    if not all(name.isidentifier() for name in names):  # never for a dataclass's fields: a plain loop then
        return lambda payload: cls(**{name: read(payload[name]) for name, read in readers.items()})
    scope: dict[str, Any] = {"cls": cls, **{f"read_{i}": readers[name] for i, name in enumerate(names)}}
    arguments = ", ".join(f"{name}=read_{i}(payload[{name!r}])" for i, name in enumerate(names))
    exec(f"def make(payload):\n    return cls({arguments})", scope)  # the names: identifiers, checked above
    return scope["make"]  # type: ignore[no-any-return]


# The readers of most of a log's values, each one call (a log has thousands of them)
def _text(value: Any) -> Any:
    if isinstance(value, str):
        return value
    raise _Mismatch


def _flag(value: Any) -> Any:
    if isinstance(value, bool):
        return value
    raise _Mismatch


def _whole(value: Any) -> Any:
    if isinstance(value, int) and not isinstance(value, bool) and -WHOLE <= value < WHOLE:
        return value
    raise _Mismatch


def _leaf(check: Callable[[Any], bool]) -> Callable[[Any], Any]:
    def read(value: Any) -> Any:
        if not check(value):
            raise _Mismatch
        return value
    return read


def _checked(read: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """A reader that refuses a value it cannot read (a ValueError from it) as a mismatch."""
    def checked(value: Any) -> Any:
        try:
            return read(value)
        except (ValueError, TypeError):
            raise _Mismatch from None
    return checked


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "…"
