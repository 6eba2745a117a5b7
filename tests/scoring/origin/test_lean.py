"""`lean`, a frozen dataclass's __init__ filling its slots directly: the same objects as the dataclass's own __init__
makes (defaults, factories, arguments by position or name, the same refusals), still frozen; a class it cannot serve
is refused."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import pytest

from scoring.origin.cards import DECK
from scoring.origin.lean import lean
from scoring.origin.round_input import CardTrick
from scoring.origin.trick import Play


@dataclass(frozen=True, slots=True)
class Plain:
    a: int
    b: str = "b"
    c: tuple[int, ...] = ()
    d: dict[str, int] = field(default_factory=dict)


@lean
@dataclass(frozen=True, slots=True)
class Lean:
    a: int
    b: str = "b"
    c: tuple[int, ...] = ()
    d: dict[str, int] = field(default_factory=dict)


def _fields(obj: object) -> tuple[object, ...]:
    return tuple(getattr(obj, f.name) for f in dataclasses.fields(obj))  # type: ignore[arg-type]


@pytest.mark.parametrize(("args", "kwargs"), [((1,), {}), ((1, "x"), {}), ((1,), {"c": (2,), "d": {"k": 3}}),
                                             ((), {"a": 4, "b": "y"}), ((5, "z", (6,), {"m": 7}), {})])
def test_a_lean_object_is_the_dataclass_s(args: tuple[object, ...], kwargs: dict[str, object]) -> None:
    assert _fields(Lean(*args, **kwargs)) == _fields(Plain(*args, **kwargs))  # type: ignore[arg-type]


def test_defaults_factories_refusals_and_frozenness_are_the_dataclass_s() -> None:
    one, two = Lean(1), Lean(1)
    assert one == two and hash(Play("Ann", DECK[0])) == hash(Play("Ann", DECK[0], None, None, "", False))
    assert one.d == {} and one.d is not two.d  # a factory's value is made for each object
    wrongs: tuple[tuple[object, ...], ...] = ((), (1, "b", (), {}, "extra"))
    for wrong in wrongs:
        with pytest.raises(TypeError):
            Lean(*wrong)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="unexpected keyword argument 'e'"):
        Lean(1, e=2)  # type: ignore[call-arg]
    with pytest.raises(dataclasses.FrozenInstanceError):
        one.a = 2  # type: ignore[misc]
    assert CardTrick((Play("Ann", DECK[0]),)).turned == () and CardTrick((), winner="Bob").winner == "Bob"


def test_a_class_it_cannot_serve_is_refused() -> None:
    @dataclass
    class Open:
        a: int

    @dataclass(frozen=True, slots=True)
    class Derived:
        a: int
        b: int = field(init=False)

        def __post_init__(self) -> None:
            object.__setattr__(self, "b", self.a)

    @dataclass(frozen=True, slots=True)
    class Clashing:
        s: int

    for cls in (Open, Derived, Clashing, int):
        with pytest.raises(TypeError, match=cls.__name__):
            lean(cls)
