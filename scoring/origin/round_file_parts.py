"""The pieces of a round file (§7.1): typed values, cards (with a hint), seats, plays, tricks, abilities."""
from __future__ import annotations

import difflib
import re
from fractions import Fraction
from typing import Any

from ..errors import InputError
from ..i18n import _
from .cards import EACH_ONCE, EXTRA_LOVE, SUIT_WORDS, Card, Suit, parse_card, too_many
from .round_input import (
    EFFECT_HELP,
    Ability,
    CardTrick,
    Effect,
    EffectKind,
    TrickEntry,
    WinnerOnly,
    parse_as,
    parse_effect,
)
from .setup import (
    Kind,
    Mode,
    Seating,
)
from .trick import Play
from .wording import did_you_mean

TIMINGS = ("when-charged", "when-revealed", "whenever-you-lead", "whenever-you-follow", "on-your-turn",
           "win-a-trick", "lose-a-trick", "end-of-trick", "first-trick", "final-trick", "ongoing", "remove",
           "end-of-round")


# --- small readers ------------------------------------------------------------------------------------------

def read_str(value: object, where: str, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InputError(_("{what} must be a non-empty string, not {value}").format(what=what, value=short_repr(value)),
                         where=where)
    return value.strip()


def read_int(value: object, where: str, what: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise InputError(_("{what} must be a whole number from {low} to {high}, not {value}").format(
            what=what, low=low, high=high, value=short_repr(value)), where=where)
    return value


def read_list(value: object, where: str, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise InputError(_("{what} must be a list, not {value}").format(what=what, value=short_repr(value)),
                         where=where)
    return value


def read_dict(value: object, where: str, what: str) -> dict[str, Any]:
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        raise InputError(_("{what} must be an object, not {value}").format(what=what, value=short_repr(value)),
                         where=where)
    return value


def short_repr(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def card(text: object, where: str, *, solo: bool = False) -> Card:
    """A card as typed, with a suggestion when it is unknown or impossible."""
    if not isinstance(text, str):
        raise InputError(_("a card must be a string such as '9br', not {value}").format(value=short_repr(text)),
                         where=where)
    try:
        return parse_card(text, solo=solo)
    except InputError as e:
        hint = _suggest(text, solo)
        raise InputError(f"{e}{did_you_mean([hint]) if hint else ''}", where=where) from None


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
        return _(" or ").join(sorted({str(c) for c in EXTRA_LOVE}))
    return f"{value}{suit.value}"


def read_seat(seats: Seating, value: object, where: str, what: str = "") -> str:
    name = read_str(value, where, what or _("a seat"))
    if not seats.has(name):
        close = difflib.get_close_matches(name, list(seats.names), n=1, cutoff=0.5)
        raise InputError(_("{name} is not a seat: the seats are {seats}").format(name=repr(name), seats=", ".join(
            seats.names)) + did_you_mean(close), where=where)
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
    raise InputError(_("{text} does not start with a seat: write 'SEAT CARD', e.g. '{seat} 7br' (the seats are "
                       "{seats}; {first} is not one)").format(text=repr(text), seat=seats.names[0],
                                                              seats=", ".join(seats.names), first=repr(first)),
                     where=where)


def parse_play(seats: Seating, value: object, where: str) -> tuple[Play, Card | None]:
    """`"Cat 9st as 13 by Story X"`, `"Bob 11sp ignore follow by Trance"`, `"SK Ann 12sp then 4st"`, or
    `{"seat", "card", "value", "suit", "by", "ignore_follow", "then"}`: the play and a sidekick's turned card."""
    solo = seats.mode is Mode.SOLO
    if isinstance(value, dict):
        obj = read_dict(value, where, _("a play"))
        unknown = set(obj) - {"seat", "card", "value", "suit", "by", "ignore_follow", "then"}
        if unknown:
            raise InputError(_("unknown keys {keys} in a play: use seat, card, value, suit, by, ignore_follow, then")
                             .format(keys=sorted(unknown)), where=where)
        seat = read_seat(seats, obj.get("seat"), where)
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
                    raise InputError(_("value {value} is not a number").format(value=repr(v)), where=where)
            else:
                raise InputError(_("value must be a number such as 11 or 4.5, not {value}").format(
                    value=short_repr(v)), where=where)
        if obj.get("suit") is not None:
            _v, new_suit = parse_as(read_str(obj["suit"], where, "suit"))
            if new_suit is None:
                raise InputError(_("suit {suit}: br, lv, sp or st").format(suit=repr(obj["suit"])), where=where)
        by = "" if obj.get("by") is None else read_str(obj["by"], where, "by")
        ignore = obj.get("ignore_follow", False)
        if not isinstance(ignore, bool):
            raise InputError(_("ignore_follow must be true or false"), where=where)
        then = None if obj.get("then") is None else card(obj["then"], where + ", then", solo=solo)
        if (new_value is not None or new_suit is not None or ignore) and not by:
            raise InputError(_("a changed card or a play off suit under an ability names its source: add \"by\""),
                             where=where)
        return Play(seat, c, new_value, new_suit, by, ignore), then
    text = read_str(value, where, _("a play"))
    seat, rest = _split_seat(seats, " ".join(text.split()), where)
    m = _PLAY_REST.match(rest)
    if m is None:
        raise InputError(_("{text} is not a play: write 'SEAT CARD', optionally followed by 'as 11', 'as lv', "
                           "'ignore follow', 'then CARD' (a sidekick's next face-up card) and 'by SOURCE'").format(
                               text=repr(text)), where=where)
    c = card(m.group("card"), where, solo=solo)
    new_value, new_suit = parse_as(m.group("as")) if m.group("as") else (None, None)
    ignore = bool(m.group("ign"))
    by = (m.group("by") or "").strip()
    if (m.group("as") or ignore) and not by:
        raise InputError(_("{text}: a changed card or a play off suit under an ability names its source: add "
                           "'by SOURCE'").format(text=repr(text)), where=where)
    then = card(m.group("then"), where + ", then", solo=solo) if m.group("then") else None
    return Play(seat, c, new_value, new_suit, by, ignore), then


def read_trick(seats: Seating, value: object, i: int) -> TrickEntry:
    where = f"tricks[{i}]"
    stated: str | None = None
    raw: object = value
    if isinstance(value, dict):
        obj = read_dict(value, where, _("a trick"))
        unknown = set(obj) - {"winner", "plays"}
        if unknown:
            raise InputError(_("unknown keys {keys}: a trick is a list of plays, {{\"winner\": SEAT}}, or "
                               "{{\"plays\": [...], \"winner\": SEAT}}").format(keys=sorted(unknown)), where=where)
        if "winner" in obj:
            stated = read_seat(seats, obj["winner"], where + ".winner")
        if "plays" not in obj:
            if stated is None:
                raise InputError(_("a trick object needs \"winner\" (and optionally \"plays\")"), where=where)
            return WinnerOnly(stated)
        raw = obj["plays"]
    plays_in = read_list(raw, where, _("a trick"))
    if not plays_in:
        raise InputError(_("a trick with no plays: give its cards from the leader, or {\"winner\": SEAT}"),
                         where=where)
    if len(plays_in) > len(seats.seats):
        raise InputError(_("{plays} plays, but there are {seats} seats: one card per seat").format(
            plays=len(plays_in), seats=len(seats.seats)), where=where)
    plays: list[Play] = []
    turned: list[tuple[str, Card]] = []
    for k, p in enumerate(plays_in):
        label = p if isinstance(p, str) else (f"{p.get('seat')} {p.get('card')}" if isinstance(p, dict) else "")
        pw = _("{where}, play {n}").format(where=where, n=k + 1) + (
            f" ({' '.join(str(label).split())[:40]})" if label else "")
        play, then = parse_play(seats, p, pw)
        if then is not None:
            if seats.seat(play.seat).kind is not Kind.SIDEKICK:
                raise InputError(_("'then' is the card a sidekick turns up: only sidekicks have one"), where=pw)
            turned.append((play.seat, then))
        plays.append(play)
    if stated is not None and len(plays) < len(seats.seats):
        raise InputError(_("a stated winner needs the whole trick: every seat's card"), where=where)
    return CardTrick(tuple(plays), tuple(turned), stated)


def read_ability(seats: Seating, value: object, i: int, solo: bool) -> Ability:
    where = f"abilities[{i}]"
    obj = read_dict(value, where, _("an ability"))
    unknown = set(obj) - {"player", "source", "timing", "trick", "effects"}
    if unknown:
        raise InputError(_("unknown keys {keys}: an ability has player, source, timing, trick, effects").format(
            keys=sorted(unknown)), where=where)
    player = read_seat(seats, obj.get("player"), where + ".player", "player")
    source = read_str(obj.get("source"), where + ".source", _("source (the card's name)"))
    timing = ""
    if obj.get("timing") is not None:
        timing = read_str(obj["timing"], where + ".timing", "timing").casefold().replace(" ", "-").replace("/", "-")
        if timing not in TIMINGS:
            raise InputError(_("timing {timing}: one of {timings}").format(timing=repr(obj["timing"]),
                                                                           timings=", ".join(TIMINGS)),
                             where=where + ".timing")
    trick = None if obj.get("trick") is None else read_int(obj["trick"], where + ".trick", "trick", 1, 16)
    effects_in = read_list(obj.get("effects"), where + ".effects", "effects")
    if not effects_in:
        raise InputError(_("an ability needs at least one effect; {help}").format(help=_(EFFECT_HELP)),
                         where=where + ".effects")
    effects: list[Effect] = []
    for k, e in enumerate(effects_in):
        ew = f"{where}.effects[{k}]"
        try:
            effect = parse_effect(read_str(e, ew, _("an effect")), solo=solo)
        except InputError as err:
            raise InputError(str(err), where=ew) from None
        if effect.kind in (EffectKind.LEAD, EffectKind.WINNER, EffectKind.PASS, EffectKind.EXCHANGE):
            effect = Effect(effect.kind, effect.amount, effect.card, effect.value, effect.suit,
                            read_seat(seats, effect.target, ew), effect.cards, effect.text)
        if effect.kind in (EffectKind.AS, EffectKind.IGNORE_FOLLOW, EffectKind.LEAD, EffectKind.WINNER,
                           EffectKind.REWIND) and trick is None:
            raise InputError(_("'{effect}' acts on a trick: give the ability's \"trick\" number").format(
                effect=effect), where=ew)
        effects.append(effect)
    return Ability(player, source, tuple(effects), timing, trick)


def read_hand(seats: Seating, value: object, where: str, solo: bool) -> tuple[Card, ...]:
    cards = tuple(card(c, f"{where}[{k}]", solo=solo) for k, c in enumerate(read_list(value, where, _("a hand"))))
    doubles = too_many(cards)
    if doubles:
        raise InputError(_("{cards} appears more often than the game has it: {rule}").format(
            cards=", ".join(map(str, doubles)), rule=_(EACH_ONCE)), where=where)
    return cards
