"""A whole position refereed from a file: the game's setup, the table as it stands at the start of a turn
(what the "game already under way" screen takes), then action lines in the table's notation, refereed one
by one until the first refused line. Pure: the caller reads the file and prints."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import jsontext
from ..decision import Accepted
from ..errors import InputError, MissingValue
from ..i18n import N_, _
from . import commands as c
from .cards import CardId
from .catalog import Catalogue
from .choices import RuleChoices
from .decide import decide
from .describe import describe
from .events import GameStarted, GrantUsed
from .evolve import evolve, start
from .notation import parse
from .state import GameState
from .table import Variant, with_table_values

KEYS = ("game", "players", "families", "characters", "cards", "rules", "position", "actions")
POSITION_KEYS = ("collections", "hands", "rice", "in_play", "line", "discard", "started", "turn", "exhaustions",
                 "turns_left")
EXAMPLE = ('{"game": "origami", "players": ["Ann", "Bob"], "families": ["savannah", "farm"], "characters": [], '
           '"position": {...}, "actions": ["special 1"]}')
ACTIONS_EXAMPLE = '["draw ant, bee refill owl", "end"]'
COLLECTIONS_EXAMPLE = '[["Lion"], ["Cat"]]'


@dataclass(frozen=True, slots=True)
class GameFile:
    start: c.StartGame
    position: c.EnterPosition
    actions: tuple[str, ...]
    catalogue: Catalogue


@dataclass(frozen=True, slots=True)
class Line:
    """One action line as refereed: accepted (with what happened), or the rule id and why not."""

    line: str
    accepted: bool
    rule: str | None
    why: str

    def as_json(self) -> dict[str, Any]:
        return {"line": self.line, "accepted": self.accepted, "rule": self.rule, "why": self.why}


def parse_game_file_text(text: str, catalogue: Catalogue, where: str) -> GameFile:
    return parse_game_file(jsontext.loads(text, where), catalogue, where)


def parse_game_file(data: Any, catalogue: Catalogue, where: str = "file") -> GameFile:
    """The file's setup and position as commands (InputError names the key that is wrong and how to fix it)."""
    if not isinstance(data, dict):
        raise InputError(_("must be a JSON object such as {example}").format(example=EXAMPLE), where=where)
    extra = sorted(str(k) for k in data if k not in KEYS)
    if extra:
        raise InputError(_("unexpected keys {keys}; a file has {allowed}").format(
            keys=", ".join(extra), allowed=", ".join(KEYS)), where=where)
    for key in ("game", "players", "families", "position", "actions"):
        if key not in data:
            raise InputError(_('"{key}" is missing; e.g. {example}').format(key=key, example=EXAMPLE), where=where)
    variant = Variant.parse(data["game"], f"{where}: game")
    players = _names(data["players"], f"{where}: players", N_("player names"))
    families = _names(data["families"], f"{where}: families", N_("family names"))
    pairs = _names(data.get("characters", []), f"{where}: characters", N_('Character names such as "Ninja"'))
    rules = RuleChoices.parse(data.get("rules"), f"{where}: rules")
    catalogue = with_table_values(data.get("cards"), catalogue, variant, f"{where}: cards")
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise InputError(_("must be a list of action lines such as {example}").format(example=ACTIONS_EXAMPLE),
                         where=f"{where}: actions")
    start_game = c.StartGame(variant.value, players, families, pairs, rules)
    position = _position(data["position"], players, catalogue, variant, f"{where}: position")
    return GameFile(start_game, position, tuple(actions), catalogue)


def _names(value: Any, where: str, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise InputError(_("must be a list of {what}").format(what=_(what)), where=where)
    return tuple(v.strip() for v in value)


def _position(data: Any, players: tuple[str, ...], catalogue: Catalogue, variant: Variant,
              where: str) -> c.EnterPosition:
    if not isinstance(data, dict):
        raise InputError(_('must be an object with "collections", "hands", "line", "discard", "started" and '
                           '"turn"'), where=where)
    extra = sorted(str(k) for k in data if k not in POSITION_KEYS)
    if extra:
        raise InputError(_("unexpected keys {keys}; a position has {allowed}").format(
            keys=", ".join(extra), allowed=", ".join(POSITION_KEYS)), where=where)

    def cards(value: Any, at: str) -> tuple[CardId, ...]:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise InputError(_("must be a list of card names"), where=at)
        return tuple(catalogue.resolve(v, variant.games, where=f"{at}[{i + 1}]").id for i, v in enumerate(value))

    def per_player(key: str, what: str, default: Any) -> list[Any]:
        value = data.get(key, {})
        if not isinstance(value, dict):
            raise InputError(_("must be an object of player name -> {what}, e.g. {example}").format(
                what=_(what), example=f'{{"{players[0]}": ...}}'), where=f"{where}: {key}")
        unknown = [k for k in value if _seat(str(k), players) is None]
        if unknown:
            raise InputError(_("{name} is not a player here (players: {players})").format(
                name=repr(unknown[0]), players=", ".join(players)), where=f"{where}: {key}")
        by_seat = {_seat(str(k), players): v for k, v in value.items()}
        return [by_seat.get(seat, default) for seat in range(len(players))]

    collections = []
    for seat, pair in enumerate(per_player("collections", N_("two collections"), [[], []])):
        at = f"{where}: collections.{players[seat]}"
        if not isinstance(pair, list) or len(pair) != 2:
            raise InputError(_("must be two collections, each a list of cards from bottom to top, e.g. {example}")
                             .format(example=COLLECTIONS_EXAMPLE), where=at)
        collections.append((cards(pair[0], f"{at}[1]"), cards(pair[1], f"{at}[2]")))
    hands = [_count(v, f"{where}: hands.{players[s]}", N_("unseen cards in hand"))
             for s, v in enumerate(per_player("hands", N_("a number of cards"), 0))]
    rice = [_count(v, f"{where}: rice.{players[s]}", N_("rice paper in hand"))
            for s, v in enumerate(per_player("rice", N_("a number of rice paper"), 0))]
    exhaustions = _count(data.get("exhaustions", 0), f"{where}: exhaustions", N_("times the deck ran out"))
    left = data.get("turns_left")
    return c.EnterPosition(
        collections=tuple(collections), hands=tuple(hands),
        characters=cards(data.get("in_play", []), f"{where}: in_play"),
        line=cards(data.get("line", []), f"{where}: line"),
        discard=cards(data.get("discard", []), f"{where}: discard"),
        starting=_player(data.get("started"), players, f"{where}: started", N_("who played the game's first turn")),
        current=_player(data.get("turn"), players, f"{where}: turn", N_("whose turn it is")),
        exhaustions=exhaustions,
        turns_left=None if left is None else _count(left, f"{where}: turns_left", N_("turns left after this one")),
        rice=tuple(rice))


def _count(value: Any, where: str, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise InputError(_("must be a whole number of {what}, not {value}").format(what=_(what), value=repr(value)),
                         where=where)
    return value


def _seat(name: str, players: tuple[str, ...]) -> int | None:
    found = [i for i, p in enumerate(players) if p.casefold() == name.strip().casefold()]
    return found[0] if found else None


def _player(value: Any, players: tuple[str, ...], where: str, what: str) -> int:
    seat = _seat(value, players) if isinstance(value, str) else None
    if seat is None:
        raise InputError(_("must name {what}, one of {players}").format(what=_(what), players=", ".join(players)),
                         where=where)
    return seat


def setup(game: GameFile) -> GameState:
    """The game started and the table entered. A refused setup or position is bad input (InputError with
    the rule id); a value nobody knows raises MissingValue."""
    state: GameState | None = None
    for what, command in ((N_("the setup"), game.start), (N_("the position"), game.position)):
        decision = decide(state, command, game.catalogue)
        if not isinstance(decision, Accepted):
            raise InputError(_("{what} cannot be: {rule}: {message}").format(
                what=_(what), rule=decision.violation.rule, message=decision.violation.message))
        for event in decision.events:
            state = start(event) if isinstance(event, GameStarted) else evolve(_given(state), event)
    return _given(state)


def _given(state: GameState | None) -> GameState:
    assert state is not None, "a game starts with StartGame"
    return state


def referee(game: GameFile) -> tuple[list[Line], GameState]:
    """Referee the action lines one by one, stopping after the first refused line. A line that cannot be
    read is bad input (InputError naming the line); a value nobody knows raises MissingValue."""
    state = setup(game)
    names = tuple(p.name for p in state.players)
    out: list[Line] = []
    for n, text in enumerate(game.actions, start=1):
        try:
            command = parse(text, state, game.catalogue)
            decision = decide(state, command, game.catalogue)
        except InputError as exc:
            raise InputError(f"{exc}", where=f"actions[{n}] {text!r}") from None
        except MissingValue as missing:
            raise missing.at(f"actions[{n}] {text!r}") from None
        if not isinstance(decision, Accepted):
            out.append(Line(text, False, str(decision.violation.rule), decision.violation.message))
            break
        said = [describe(event, names, game.catalogue) for event in decision.events if not isinstance(event, GrantUsed)]
        out.append(Line(text, True, None, "; ".join(said)))
        for event in decision.events:
            state = evolve(state, event)
    return out, state
