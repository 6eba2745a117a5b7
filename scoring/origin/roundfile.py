"""The round and game files of the command line (ORIGIN_STORY.md §7.1) and the JSON-ready answers (§7.2).

Input is an already-decoded JSON value; anything wrong is an InputError naming where (`tricks[2], play 3
(Cat 9st)`) and how to fix it. Output dicts hold only JSON types; cards are always in the short notation."""
from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from ..decision import Violation
from ..errors import InputError
from .cards import EXTRA_LOVE, SUIT_WORDS, Card, Suit, parse_card
from .referee import referee
from .round_input import (
    EFFECT_HELP,
    Ability,
    Alignment,
    CardTrick,
    Effect,
    EffectKind,
    RoundInput,
    Surrender,
    TrickEntry,
    WinnerOnly,
    parse_alignment,
    parse_as,
    parse_effect,
)
from .round_result import PlayResult, RoundResult, TrickResult, public_view
from .rules import CHOICES, Choices, RuleId
from .scoring import GameScore, PlayerTotal, RoundScore, quick_round, score_game, score_round
from .setup import (
    HAND,
    ROUNDS,
    Kind,
    Mode,
    Seating,
    has_event,
    mode_for,
    seating,
    setup_checklist,
    sidekick_of,
    stamina_by_round,
)
from .trick import Play

GAME = "origin-story"
FORMAT = 1
TIMINGS = ("when-charged", "when-revealed", "whenever-you-lead", "whenever-you-follow", "on-your-turn",
           "win-a-trick", "lose-a-trick", "end-of-trick", "first-trick", "final-trick", "ongoing", "remove",
           "end-of-round")
_ROUND_KEYS = {"game", "format", "mode", "players", "round", "dealer", "first_dealer", "alignment", "rules",
               "tricks", "abilities", "sidekicks", "you", "deck", "difficulty", "rows", "tricks_won", "draws",
               "revealed", "surrender", "difficulty_colour", "difficulty_color"}


# --- small readers ------------------------------------------------------------------------------------------

def _str(value: object, where: str, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InputError(f"{what} must be a non-empty string, not {_show(value)}", where=where)
    return value.strip()


def _int(value: object, where: str, what: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise InputError(f"{what} must be a whole number from {low} to {high}, not {_show(value)}", where=where)
    return value


def _list(value: object, where: str, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise InputError(f"{what} must be a list, not {_show(value)}", where=where)
    return value


def _dict(value: object, where: str, what: str) -> dict[str, Any]:
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        raise InputError(f"{what} must be an object, not {_show(value)}", where=where)
    return value


def _show(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def card(text: object, where: str, *, solo: bool = False) -> Card:
    """A card as typed, with a suggestion when it is unknown or impossible."""
    if not isinstance(text, str):
        raise InputError(f"a card must be a string such as '9br', not {_show(text)}", where=where)
    try:
        return parse_card(text, solo=solo)
    except InputError as e:
        hint = _suggest(text, solo)
        raise InputError(f"{e}{f'; did you mean {hint}?' if hint else ''}", where=where) from None


def _suggest(text: str, solo: bool) -> str:
    m = re.fullmatch(r"\s*(\d{1,3})(?:[.,]5|½)?\s*([A-Za-z]*)\s*", text)
    if m is None:
        return ""
    value = int(m.group(1))
    words = [*SUIT_WORDS.values(), *(s.value for s in Suit)]
    close = difflib.get_close_matches(m.group(2).casefold(), words, n=1, cutoff=0.4)
    suit = next((s for s in Suit if close and close[0] in (s.value, SUIT_WORDS[s])), None)
    if suit is None:
        return ""
    if not 1 <= value <= 13:
        value = 13 if value > 13 else 1
    if solo and suit is Suit.LOVE and ("." in text or "½" in text or "," in text):
        return " or ".join(sorted({str(c) for c in EXTRA_LOVE}))
    return f"{value}{suit.value}"


def _seat(seats: Seating, value: object, where: str, what: str = "a seat") -> str:
    name = _str(value, where, what)
    if not seats.has(name):
        close = difflib.get_close_matches(name, list(seats.names), n=1, cutoff=0.5)
        hint = f"; did you mean {close[0]}?" if close else ""
        raise InputError(f"{name!r} is not a seat: the seats are {', '.join(seats.names)}{hint}", where=where)
    return seats.seat(name).name


# --- plays --------------------------------------------------------------------------------------------------

_CARD_TEXT = r"-?\d{1,2}(?:[.,]5|½)?\s*[A-Za-z]+"
_PLAY_REST = re.compile(
    rf"^(?P<card>{_CARD_TEXT})(?:\s+as\s+(?P<as>.+?))?(?P<ign>\s+ignore\s+follow)?"
    rf"(?:\s+then\s+(?P<then>{_CARD_TEXT}))?(?:\s+by\s+(?P<by>\S.*))?$", re.IGNORECASE)


def _split_seat(seats: Seating, text: str, where: str) -> tuple[str, str]:
    """`SK Ann 12sp` → ("SK Ann", "12sp"): the longest seat name the play starts with."""
    folded = text.casefold()
    for name in sorted(seats.names, key=len, reverse=True):
        if folded.startswith(name.casefold() + " "):
            return name, text[len(name):].strip()
    first = text.split()[0] if text.split() else text
    raise InputError(f"{text!r} does not start with a seat: write 'SEAT CARD', e.g. '{seats.names[0]} 7br' "
                     f"(the seats are {', '.join(seats.names)}; {first!r} is not one)", where=where)


def parse_play(seats: Seating, value: object, where: str) -> tuple[Play, Card | None]:
    """`"Cat 9st as 13 by Story X"`, `"Bob 11sp ignore follow by Trance"`, `"SK Ann 12sp then 4st"`, or
    `{"seat", "card", "value", "suit", "by", "ignore_follow", "then"}`: the play and a sidekick's turned card."""
    solo = seats.mode is Mode.SOLO
    if isinstance(value, dict):
        obj = _dict(value, where, "a play")
        unknown = set(obj) - {"seat", "card", "value", "suit", "by", "ignore_follow", "then"}
        if unknown:
            raise InputError(f"unknown keys {sorted(unknown)} in a play: use seat, card, value, suit, by, "
                             "ignore_follow, then", where=where)
        seat = _seat(seats, obj.get("seat"), where)
        c = card(obj.get("card"), where, solo=solo)
        new_value: Fraction | None = None
        new_suit: Suit | None = None
        if obj.get("value") is not None:
            v = obj["value"]
            if type(v) is int or (type(v) is float and (v * 2).is_integer() and abs(v) < 1000):
                new_value = Fraction(v).limit_denominator(2)
            elif isinstance(v, str):
                new_value, _s = parse_as(v)
                if new_value is None:
                    raise InputError(f"value {v!r} is not a number", where=where)
            else:
                raise InputError(f"value must be a number such as 11 or 4.5, not {_show(v)}", where=where)
        if obj.get("suit") is not None:
            _v, new_suit = parse_as(_str(obj["suit"], where, "suit"))
            if new_suit is None:
                raise InputError(f"suit {obj['suit']!r}: br, lv, sp or st", where=where)
        by = "" if obj.get("by") is None else _str(obj["by"], where, "by")
        ignore = obj.get("ignore_follow", False)
        if not isinstance(ignore, bool):
            raise InputError("ignore_follow must be true or false", where=where)
        then = None if obj.get("then") is None else card(obj["then"], where + ", then", solo=solo)
        if (new_value is not None or new_suit is not None or ignore) and not by:
            raise InputError("a changed card or a play off suit under an ability names its source: add \"by\"",
                             where=where)
        return Play(seat, c, new_value, new_suit, by, ignore), then
    text = _str(value, where, "a play")
    seat, rest = _split_seat(seats, " ".join(text.split()), where)
    m = _PLAY_REST.match(rest)
    if m is None:
        raise InputError(f"{text!r} is not a play: write 'SEAT CARD', optionally followed by 'as 11', 'as lv', "
                         "'ignore follow', 'then CARD' (a sidekick's next face-up card) and 'by SOURCE'",
                         where=where)
    c = card(m.group("card"), where, solo=solo)
    new_value, new_suit = parse_as(m.group("as")) if m.group("as") else (None, None)
    ignore = bool(m.group("ign"))
    by = (m.group("by") or "").strip()
    if (m.group("as") or ignore) and not by:
        raise InputError(f"{text!r}: a changed card or a play off suit under an ability names its source: add "
                         "'by SOURCE'", where=where)
    then = card(m.group("then"), where + ", then", solo=solo) if m.group("then") else None
    return Play(seat, c, new_value, new_suit, by, ignore), then


def _trick(seats: Seating, value: object, i: int) -> TrickEntry:
    where = f"tricks[{i}]"
    stated: str | None = None
    raw: object = value
    if isinstance(value, dict):
        obj = _dict(value, where, "a trick")
        unknown = set(obj) - {"winner", "plays"}
        if unknown:
            raise InputError(f"unknown keys {sorted(unknown)}: a trick is a list of plays, {{\"winner\": SEAT}}, "
                             "or {\"plays\": [...], \"winner\": SEAT}", where=where)
        if "winner" in obj:
            stated = _seat(seats, obj["winner"], where + ".winner")
        if "plays" not in obj:
            if stated is None:
                raise InputError("a trick object needs \"winner\" (and optionally \"plays\")", where=where)
            return WinnerOnly(stated)
        raw = obj["plays"]
    plays_in = _list(raw, where, "a trick")
    if not plays_in:
        raise InputError("a trick with no plays: give its cards from the leader, or {\"winner\": SEAT}",
                         where=where)
    if len(plays_in) > len(seats.seats):
        raise InputError(f"{len(plays_in)} plays, but there are {len(seats.seats)} seats: one card per seat",
                         where=where)
    plays: list[Play] = []
    turned: list[tuple[str, Card]] = []
    for k, p in enumerate(plays_in):
        label = p if isinstance(p, str) else (f"{p.get('seat')} {p.get('card')}" if isinstance(p, dict) else "")
        pw = f"{where}, play {k + 1}" + (f" ({' '.join(str(label).split())[:40]})" if label else "")
        play, then = parse_play(seats, p, pw)
        if then is not None:
            if seats.seat(play.seat).kind is not Kind.SIDEKICK:
                raise InputError("'then' is the card a sidekick turns up: only sidekicks have one", where=pw)
            turned.append((play.seat, then))
        plays.append(play)
    if stated is not None and len(plays) < len(seats.seats):
        raise InputError("a stated winner needs the whole trick: every seat's card", where=where)
    return CardTrick(tuple(plays), tuple(turned), stated)


def _ability(seats: Seating, value: object, i: int, solo: bool) -> Ability:
    where = f"abilities[{i}]"
    obj = _dict(value, where, "an ability")
    unknown = set(obj) - {"player", "source", "timing", "trick", "effects"}
    if unknown:
        raise InputError(f"unknown keys {sorted(unknown)}: an ability has player, source, timing, trick, effects",
                         where=where)
    player = _seat(seats, obj.get("player"), where + ".player", "player")
    source = _str(obj.get("source"), where + ".source", "source (the card's name)")
    timing = ""
    if obj.get("timing") is not None:
        timing = _str(obj["timing"], where + ".timing", "timing").casefold().replace(" ", "-").replace("/", "-")
        if timing not in TIMINGS:
            raise InputError(f"timing {obj['timing']!r}: one of {', '.join(TIMINGS)}", where=where + ".timing")
    trick = None if obj.get("trick") is None else _int(obj["trick"], where + ".trick", "trick", 1, 16)
    effects_in = _list(obj.get("effects"), where + ".effects", "effects")
    if not effects_in:
        raise InputError(f"an ability needs at least one effect; {EFFECT_HELP}", where=where + ".effects")
    effects: list[Effect] = []
    for k, e in enumerate(effects_in):
        ew = f"{where}.effects[{k}]"
        try:
            effect = parse_effect(_str(e, ew, "an effect"), solo=solo)
        except InputError as err:
            raise InputError(str(err), where=ew) from None
        if effect.kind in (EffectKind.LEAD, EffectKind.WINNER, EffectKind.PASS, EffectKind.EXCHANGE):
            effect = Effect(effect.kind, effect.amount, effect.card, effect.value, effect.suit,
                            _seat(seats, effect.target, ew), effect.cards, effect.text)
        if effect.kind in (EffectKind.AS, EffectKind.IGNORE_FOLLOW, EffectKind.LEAD, EffectKind.WINNER,
                           EffectKind.REWIND) and trick is None:
            raise InputError(f"'{effect}' acts on a trick: give the ability's \"trick\" number", where=ew)
        effects.append(effect)
    return Ability(player, source, tuple(effects), timing, trick)


def _hand(seats: Seating, value: object, where: str, solo: bool) -> tuple[Card, ...]:
    cards = tuple(card(c, f"{where}[{k}]", solo=solo) for k, c in enumerate(_list(value, where, "a hand")))
    if len(set(cards)) != len(cards):
        raise InputError("a card appears twice: each card exists once", where=where)
    return cards


def parse_round(data: object) -> RoundInput:
    """A round file (§7.1) as the referee's input."""
    obj = dict(_dict(data, "round file", "a round file"))
    unknown = set(obj) - _ROUND_KEYS
    if unknown:
        raise InputError(f"unknown keys {sorted(unknown)}; a round file has {', '.join(sorted(_ROUND_KEYS))}",
                         where="round file")
    if obj.get("game", GAME) != GAME:
        raise InputError(f"game {_show(obj.get('game'))}: this is the Origin Story reader, \"game\": "
                         f"\"{GAME}\"", where="game")
    if obj.get("format", FORMAT) != FORMAT or type(obj.get("format", FORMAT)) is not int:
        raise InputError(f"format {_show(obj.get('format'))}: only format {FORMAT} is known", where="format")
    players = [_str(p, f"players[{k}]", "a player's name")
               for k, p in enumerate(_list(obj.get("players"), "players", "players (in seat order)"))]
    if obj.get("mode") is None:
        mode = mode_for(len(players)) if 1 <= len(players) <= 5 else None
        if mode is None:
            raise InputError(f"{len(players)} players: Origin Story is for 1 to 5", where="players")
    else:
        try:
            mode = Mode(_str(obj["mode"], "mode", "mode").casefold())
        except ValueError:
            raise InputError(f"mode {obj['mode']!r}: table (3–5), duo (2) or solo (1)", where="mode") from None
    try:
        seats = seating(mode, players)
    except InputError as e:
        raise InputError(str(e), where="players") from None
    solo = mode is Mode.SOLO
    round_no = 1 if obj.get("round") is None else _int(obj["round"], "round", "round", 1, ROUNDS)
    if obj.get("dealer") is not None:
        dealer = _seat(seats, obj["dealer"], "dealer", "the dealer")
    elif obj.get("first_dealer") is not None:
        dealer = seats.dealer_of_round(_seat(seats, obj["first_dealer"], "first_dealer"), round_no)
    else:
        raise InputError("who dealt this round? add \"dealer\": SEAT", where="dealer")
    if seats.seat(dealer).kind is Kind.SIDEKICK:
        raise InputError(f"{dealer} is a sidekick: sidekicks never deal", where="dealer")
    alignment: dict[str, Alignment] = {}
    for k, v in _dict(obj.get("alignment", {}), "alignment", "alignment").items():
        name = _seat(seats, k, f"alignment.{k}", "a player")
        if not seats.seat(name).scores or seats.seat(name).kind is Kind.VANCARDIAN:
            raise InputError(f"{name} has no alignment of its own (sidekicks have none; Vancardians are always "
                             "heroes)", where=f"alignment.{k}")
        try:
            alignment[name] = parse_alignment(_str(v, f"alignment.{k}", "an alignment"))
        except InputError as e:
            raise InputError(str(e), where=f"alignment.{k}") from None
    rules_in = _dict(obj.get("rules", {}), "rules", "rules")
    for k, v in rules_in.items():
        if k not in CHOICES:
            raise InputError(f"unknown rules choice {k!r}: {', '.join(CHOICES)}", where=f"rules.{k}")
        if not isinstance(v, str) or v not in CHOICES[k]:
            raise InputError(f"{k} = {_show(v)}: choose one of {', '.join(CHOICES[k])}", where=f"rules.{k}")
    choices = Choices(**rules_in)
    hands: dict[str, tuple[Card, ...]] = {}
    if obj.get("sidekicks") is not None:
        if mode is not Mode.DUO:
            raise InputError("sidekicks are in the duo mode only", where="sidekicks")
        for k, v in _dict(obj["sidekicks"], "sidekicks", "sidekicks").items():
            name = _seat(seats, k, f"sidekicks.{k}", "a sidekick")
            if seats.seat(name).kind is not Kind.SIDEKICK:
                raise InputError(f"{name} is not a sidekick: the sidekicks are "
                                 f"{', '.join(sidekick_of(p) for p in players)}", where=f"sidekicks.{k}")
            cards = _hand(seats, v, f"sidekicks.{k}", False)
            if len(cards) != 2:
                raise InputError(f"a sidekick shows 2 face-up cards, not {len(cards)}", where=f"sidekicks.{k}")
            hands[name] = cards
    revealed: tuple[Card, ...] = ()
    tricks_won: dict[str, int] = {}
    surrender = None
    if solo:
        if obj.get("you") is not None and _seat(seats, obj["you"], "you") != seats.names[0]:
            raise InputError(f"\"you\" must be the one player, {seats.names[0]}", where="you")
        if obj.get("deck") is not None and obj["deck"] not in ("table", "app"):
            raise InputError(f"deck {_show(obj['deck'])}: table or app", where="deck")
        if obj.get("difficulty") is not None:
            _int(obj["difficulty"], "difficulty", "difficulty", 0, 5)
        for k, v in _dict(obj.get("rows", {}), "rows", "rows").items():
            name = _seat(seats, k, f"rows.{k}", "a seat")
            cards = _hand(seats, v, f"rows.{k}", True)
            if len(cards) > HAND + 8:
                raise InputError(f"a row of {len(cards)} cards is longer than any row can be", where=f"rows.{k}")
            if name == seats.names[0] and any(c.extra_love for c in cards):
                raise InputError("extra-love cards are the Vancardians' only", where=f"rows.{k}")
            hands[name] = cards
        for k, v in _dict(obj.get("tricks_won", {}), "tricks_won", "tricks_won").items():
            tricks_won[_seat(seats, k, f"tricks_won.{k}")] = _int(v, f"tricks_won.{k}", "tricks won", 0, 8)
        for n_draw, c in enumerate(_list(obj.get("draws", []), "draws", "draws")):
            card(c, f"draws[{n_draw}]", solo=True)
        revealed = _hand(seats, obj.get("revealed", []), "revealed", True)
        if obj.get("surrender") is not None:
            s = _dict(obj["surrender"], "surrender", "surrender")
            to = _seat(seats, s.get("to"), "surrender.to")
            if seats.seat(to).kind is not Kind.VANCARDIAN:
                raise InputError("you surrender to the leading Vancardian", where="surrender.to")
            surrender = Surrender(_int(s.get("trick"), "surrender.trick", "trick", 1, 16), to,
                                  _int(s.get("vp"), "surrender.vp", "VP", 0, 20))
    else:
        for key in ("rows", "tricks_won", "draws", "revealed", "surrender", "you", "difficulty", "deck"):
            if obj.get(key) is not None:
                raise InputError(f"\"{key}\" belongs to the solo mode only", where=key)
    owner: dict[Card, str] = {}
    for name, cards in hands.items():
        for c in cards:
            if c in owner and c not in EXTRA_LOVE:
                raise InputError(f"{c} is in both {owner[c]}'s and {name}'s hands: each card exists once",
                                 where="rows" if solo else "sidekicks")
            owner[c] = name
    tricks = tuple(_trick(seats, t, i) for i, t in enumerate(_list(obj.get("tricks", []), "tricks", "tricks")))
    for i, t in enumerate(tricks[:-1]):
        if isinstance(t, CardTrick) and len(t.plays) < len(seats.seats):
            raise InputError(f"{len(t.plays)} plays of {len(seats.seats)}: only the last trick may be incomplete "
                             "(the trick in play)", where=f"tricks[{i}]")
    abilities = tuple(_ability(seats, a, i, solo)
                      for i, a in enumerate(_list(obj.get("abilities", []), "abilities", "abilities")))
    return RoundInput(seats, dealer, alignment, tricks, abilities, hands, choices, round_no, revealed,
                      tricks_won, surrender)


def run_round(data: object) -> RoundResult:
    """Parse and referee; an input the referee cannot place (a modifier on a card not in its trick) is bad
    input too."""
    rnd = parse_round(data)
    try:
        return referee(rnd)
    except InputError as e:
        raise InputError(str(e), where=e.where or "tricks") from None


# --- outputs (§7.2) -----------------------------------------------------------------------------------------

def _number(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


def _play_json(p: PlayResult) -> dict[str, Any]:
    return {"seat": p.seat, "card": str(p.play.card), "value": _number(p.play.effective_value),
            "suit": p.play.effective_suit.value, "legal": p.legal, "why": p.why}


def _violation_json(v: Violation, seat: str | None) -> dict[str, Any]:
    return {"rule": str(v.rule), "seat": seat, "sentence": v.message, "overridable": v.overridable}


def trick_json(t: TrickResult) -> dict[str, Any]:
    """One trick of `origin trick --json`; `notes` (possible revokes, sidekick tricks, rewinds) and `refused`
    (every broken rule of the trick, with its rule id) are added to the §7.2 keys."""
    refused = [_violation_json(v, t.leader) for v in t.refusals]
    refused += [_violation_json(v, p.seat) for p in t.plays for v in p.violations]
    return {
        "n": t.n, "leader": t.leader, "lead_suit": None if t.lead_suit is None else t.lead_suit.value,
        "plays": [_play_json(p) for p in t.plays],
        "winner": t.winner, "winning_card": None if t.winning_card is None else str(t.winning_card.card),
        "reason": t.reason or None, "next_leader": t.next_leader,
        "voids": [{"seat": s, "suit": suit.value} for s, suit in t.voids],
        "flags": [{"rule": str(f.rule), "trick": f.trick, "seat": f.seat, "sentence": f.sentence}
                  for f in t.flags],
        "notes": [{"rule": str(f.rule), "trick": f.trick, "seat": f.seat, "sentence": f.sentence}
                  for f in t.notes],
        "refused": refused,
    }


def public_json(data: object) -> dict[str, Any]:
    """What the table screen and the phone may show of a round file now (no finished trick unless the
    `show_tricks` choice allows it: OS-FACE-DOWN)."""
    return public_view(run_round(data))


def tricks_json(result: RoundResult) -> dict[str, Any]:
    """`origin trick --json`."""
    out: dict[str, Any] = {"tricks": [trick_json(t) for t in result.tricks]}
    ability_refusals = [_violation_json(r.violation, result.input.abilities[r.index].player)
                        for r in result.refusals]
    if ability_refusals:
        out["refused"] = ability_refusals
    return out


def _score_line(s: RoundScore) -> dict[str, Any]:
    return {"alignment": s.alignment.value, "tricks": s.tricks, "alignment_vp": s.alignment_vp,
            "abilities": [{"source": src, "vp": vp} for src, vp in s.abilities], "surrender_vp": s.surrender_vp,
            "round_vp": s.round_vp}


def round_json(result: RoundResult) -> dict[str, Any]:
    """`origin round --json`: the tricks, then a score line per player and the next dealer."""
    rnd = result.input
    missing = [s.name for s in rnd.seating.seats if s.kind is Kind.PLAYER and s.name not in rnd.alignment]
    if missing:
        raise InputError(f"no alignment for {', '.join(missing)}: scoring needs each player's hero or villain",
                         where="alignment")
    out = tricks_json(result)
    out["scores"] = [{"player": s.player, **_score_line(s)} for s in score_round(result)]
    out["next_dealer"] = rnd.seating.next_dealer(rnd.dealer)
    return out


def score_json(game: GameScore) -> dict[str, Any]:
    """`origin score --json`."""
    return {"players": [{"name": p.name, "total": p.total, "rank": p.rank,
                         "rounds": [{"round": k + 1, **_score_line(s)} for k, s in enumerate(p.rounds)]}
                        for p in game.players],
            "winners": list(game.winners), "shared": game.shared}


def parse_game(data: object) -> GameScore:
    """A game file: `"rounds"`, each a round file (fields missing from it are taken from the game) or a
    quick-score grid row {"Ann": "h3 +2 Monologuing", "Bob": "v0"}."""
    obj = _dict(data, "game file", "a game file")
    unknown = set(obj) - _ROUND_KEYS - {"rounds", "final"}
    if unknown:
        raise InputError(f"unknown keys {sorted(unknown)} in a game file", where="game file")
    if obj.get("final") is not None:
        if obj.get("rounds") is not None:
            raise InputError("give \"rounds\" or \"final\" (the dials at the end), not both", where="final")
        return _final_dials(_dict(obj["final"], "final", "final"))
    rounds_in = _list(obj.get("rounds"), "rounds", "rounds")
    if not 1 <= len(rounds_in) <= ROUNDS:
        raise InputError(f"{len(rounds_in)} rounds: a game has 1 to {ROUNDS} (five when finished)", where="rounds")
    rules = _dict(obj.get("rules", {}), "rules", "rules")
    floor = rules.get("vp_floor", "none")
    if floor not in ("none", "zero"):
        raise InputError(f"vp_floor = {_show(floor)}: none or zero", where="rules.vp_floor")
    common = {k: v for k, v in obj.items() if k not in ("rounds",)}
    scored: list[tuple[RoundScore, ...]] = []
    names: list[str] | None = None
    for r, rd in enumerate(rounds_in):
        where = f"rounds[{r}]"
        rdict = _dict(rd, where, "a round")
        if rdict and all(isinstance(v, str) for v in rdict.values()) and not set(rdict) & _ROUND_KEYS:
            try:
                line = quick_round(rdict)
            except InputError as e:
                raise InputError(str(e), where=where) from None
        else:
            merged = {**common, **rdict}
            merged.setdefault("round", r + 1)
            if "dealer" not in rdict and "dealer" in merged:  # the game's dealer is the first dealer
                merged.setdefault("first_dealer", merged.pop("dealer"))
            try:
                result = run_round(merged)
                round_json(result)  # checks alignments are given
            except InputError as e:
                raise InputError(str(e), where=f"{where}, {e.where}" if e.where else where) from None
            line = score_round(result)
        these = sorted(s.player.casefold() for s in line)
        if names is not None and these != names:
            raise InputError("every round must list the same players", where=where)
        names = these
        scored.append(line)
    if len({s.player.casefold() for s in scored[0]}) != len(scored[0]):
        raise InputError("two players share a name", where="rounds[0]")
    canon = {s.player.casefold(): s.player for s in scored[0]}
    fixed = [tuple(RoundScore(canon[s.player.casefold()], s.alignment, s.tricks, s.abilities, s.surrender_vp)
                   for s in line) for line in scored]
    return score_game(fixed, vp_floor=floor)


def _final_dials(final: dict[str, Any]) -> GameScore:
    """Only the VP dials at the end of the game: totals, ranks and winners, no rounds."""
    if not final:
        raise InputError("no player in \"final\"", where="final")
    if len({k.strip().casefold() for k in final}) != len(final):
        raise InputError("two players share a name", where="final")
    totals = {_str(k, f"final.{k}", "a player's name"): _int(v, f"final.{k}", "VP", -999, 999)
              for k, v in final.items()}
    ordered = sorted(totals.values(), reverse=True)
    players = tuple(PlayerTotal(n, (), t, 1 + ordered.index(t)) for n, t in totals.items())
    return GameScore(players, tuple(n for n, t in totals.items() if t == ordered[0]))


def setup_json(players: int, first_dealer: str | None = None, names: Sequence[str] = ()) -> dict[str, Any]:
    """`origin setup --players N`: the checklist, stamina per round, the event round; with names and a first
    dealer, the seats in order, each round's dealer and the leader of its first trick."""
    if type(players) is not int:
        raise InputError("--players must be a whole number from 1 to 5", where="--players")
    mode = mode_for(players)
    out: dict[str, Any] = {"players": players, "mode": mode.value, "checklist": list(setup_checklist(players)),
                           "stamina_by_round": list(stamina_by_round()),
                           "event_rounds": [r for r in range(1, ROUNDS + 1) if has_event(r)]}
    if names:
        if len(names) != players:
            raise InputError(f"{len(names)} names for {players} players", where="players")
        seats = seating(mode, list(names))
        out["seats"] = list(seats.names)
        if first_dealer is not None:
            d0 = _seat(seats, first_dealer, "first_dealer", "the first dealer")
            dealers = [seats.dealer_of_round(d0, r) for r in range(1, ROUNDS + 1)]
            out["rounds"] = [{"round": r, "dealer": d, "first_leader": seats.first_leader(d)}
                             for r, d in enumerate(dealers, 1)]
    return out


def check(data: object, seat: str, play: str, by: str = "") -> dict[str, Any]:
    """`origin check FILE --seat NAME --play CARD [--by SOURCE]`: is this play legal now? `by` names an ability
    that frees the play from following. {"legal": bool, "rule": id or None, "sentence"}."""
    rnd = parse_round(data)
    solo = rnd.mode is Mode.SOLO
    name = _seat(rnd.seating, seat, "--seat")
    c = card(play, "--play", solo=solo)
    new = Play(name, c, by=by.strip(), ignore_follow=bool(by.strip()))
    tricks = list(rnd.tricks)
    last = tricks[-1] if tricks else None
    if isinstance(last, CardTrick) and len(last.plays) < len(rnd.seating.seats):
        tricks[-1] = CardTrick((*last.plays, new), last.turned)
    else:
        tricks.append(CardTrick((new,)))
    try:
        result = referee(RoundInput(rnd.seating, rnd.dealer, rnd.alignment, tuple(tricks), rnd.abilities,
                                    rnd.hands, rnd.choices, rnd.round_no, rnd.revealed, rnd.tricks_won,
                                    rnd.surrender))
    except InputError as e:
        raise InputError(str(e), where=e.where or "tricks") from None
    t = result.tricks[-1]
    mine = t.plays[-1]
    found = [*mine.violations, *(t.refusals if len(t.plays) == 1 else ())]
    if found:
        v = found[0]
        return {"legal": False, "rule": str(v.rule), "sentence": v.message}
    if mine.legal is None:
        return {"legal": True, "rule": str(RuleId.VOID),
                "sentence": f"{name}'s hand is hidden: accepted, and {name} is recorded void in "
                            f"{t.lead_suit.word if t.lead_suit else 'the lead suit'}"}
    return {"legal": True, "rule": None, "sentence": f"{c}: {mine.why}"}
