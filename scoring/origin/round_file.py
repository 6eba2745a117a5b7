"""Reading a round file (ORIGIN_STORY.md §7.1) into the referee's input, and refereeing it.

Input is an already-decoded JSON value; anything wrong is an InputError naming where (`tricks[2], play 3
(Cat 9st)`) and how to fix it."""
from __future__ import annotations

from ..errors import InputError
from ..i18n import _
from .cards import EXTRA_LOVE, Card
from .referee import referee
from .round_file_parts import (
    card,
    read_ability,
    read_dict,
    read_hand,
    read_int,
    read_list,
    read_seat,
    read_str,
    read_trick,
    short_repr,
)
from .round_input import (
    Alignment,
    CardTrick,
    RoundInput,
    Surrender,
    parse_alignment,
)
from .round_result import RoundResult
from .rules import CHOICES, Choices
from .setup import (
    HAND,
    ROUNDS,
    Kind,
    Mode,
    mode_for,
    seating,
    sidekick_of,
)
from .solo_referee import referee_solo

GAME = "origin-story"


FORMAT = 1


ROUND_KEYS = {"game", "format", "mode", "players", "round", "dealer", "first_dealer", "alignment", "rules",
               "tricks", "abilities", "sidekicks", "you", "deck", "difficulty", "rows", "tricks_won", "draws",
               "revealed", "surrender", "difficulty_colour", "difficulty_color"}


def parse_round(data: object) -> RoundInput:
    """A round file (§7.1) as the referee's input."""
    obj = dict(read_dict(data, _("round file"), _("a round file")))
    unknown = set(obj) - ROUND_KEYS
    if unknown:
        raise InputError(_("unknown keys {keys}; a round file has {known}").format(
            keys=sorted(unknown), known=", ".join(sorted(ROUND_KEYS))), where=_("round file"))
    if obj.get("game", GAME) != GAME:
        raise InputError(_("game {game}: this is the Origin Story reader, \"game\": \"{wanted}\"").format(
            game=short_repr(obj.get("game")), wanted=GAME), where="game")
    if obj.get("format", FORMAT) != FORMAT or type(obj.get("format", FORMAT)) is not int:
        raise InputError(_("format {format}: only format {known} is known").format(
            format=short_repr(obj.get("format")), known=FORMAT), where="format")
    players = [read_str(p, f"players[{k}]", _("a player's name"))
               for k, p in enumerate(read_list(obj.get("players"), "players", _("players (in seat order)")))]
    if obj.get("mode") is None:
        mode = mode_for(len(players)) if 1 <= len(players) <= 5 else None
        if mode is None:
            raise InputError(_("{n} players: Origin Story is for 1 to 5").format(n=len(players)), where="players")
    else:
        try:
            mode = Mode(read_str(obj["mode"], "mode", "mode").casefold())
        except ValueError:
            raise InputError(_("mode {mode}: table (3–5), duo (2) or solo (1)").format(mode=repr(obj["mode"])),
                             where="mode") from None
    try:
        seats = seating(mode, players)
    except InputError as e:
        raise InputError(str(e), where="players") from None
    solo = mode is Mode.SOLO
    round_no = 1 if obj.get("round") is None else read_int(obj["round"], "round", "round", 1, ROUNDS)
    if obj.get("dealer") is not None:
        dealer = read_seat(seats, obj["dealer"], "dealer", _("the dealer"))
    elif obj.get("first_dealer") is not None:
        dealer = seats.dealer_of_round(read_seat(seats, obj["first_dealer"], "first_dealer"), round_no)
    else:
        raise InputError(_("who dealt this round? add \"dealer\": SEAT"), where="dealer")
    if seats.seat(dealer).kind is Kind.SIDEKICK:
        raise InputError(_("{seat} is a sidekick: sidekicks never deal").format(seat=dealer), where="dealer")
    alignment: dict[str, Alignment] = {}
    for k, v in read_dict(obj.get("alignment", {}), "alignment", "alignment").items():
        name = read_seat(seats, k, f"alignment.{k}", _("a player"))
        if not seats.seat(name).scores or seats.seat(name).kind is Kind.VANCARDIAN:
            raise InputError(_("{seat} has no alignment of its own (sidekicks have none; Vancardians are always "
                               "heroes)").format(seat=name), where=f"alignment.{k}")
        try:
            alignment[name] = parse_alignment(read_str(v, f"alignment.{k}", _("an alignment")))
        except InputError as e:
            raise InputError(str(e), where=f"alignment.{k}") from None
    rules_in = read_dict(obj.get("rules", {}), "rules", "rules")
    for k, v in rules_in.items():
        if k not in CHOICES:
            raise InputError(_("unknown rules choice {choice}: {choices}").format(choice=repr(k),
                                                                                  choices=", ".join(CHOICES)),
                             where=f"rules.{k}")
        if not isinstance(v, str) or v not in CHOICES[k]:
            raise InputError(_("{choice} = {value}: choose one of {options}").format(
                choice=k, value=short_repr(v), options=", ".join(CHOICES[k])), where=f"rules.{k}")
    choices = Choices(**rules_in)
    hands: dict[str, tuple[Card, ...]] = {}
    if obj.get("sidekicks") is not None:
        if mode is not Mode.DUO:
            raise InputError(_("sidekicks are in the duo mode only"), where="sidekicks")
        for k, v in read_dict(obj["sidekicks"], "sidekicks", "sidekicks").items():
            name = read_seat(seats, k, f"sidekicks.{k}", _("a sidekick"))
            if seats.seat(name).kind is not Kind.SIDEKICK:
                raise InputError(_("{seat} is not a sidekick: the sidekicks are {sidekicks}").format(
                    seat=name, sidekicks=", ".join(sidekick_of(p) for p in players)), where=f"sidekicks.{k}")
            cards = read_hand(seats, v, f"sidekicks.{k}", False)
            if len(cards) != 2:
                raise InputError(_("a sidekick shows 2 face-up cards, not {n}").format(n=len(cards)),
                                 where=f"sidekicks.{k}")
            hands[name] = cards
    revealed: tuple[Card, ...] = ()
    draws: tuple[Card, ...] = ()
    tricks_won: dict[str, int] = {}
    surrender = None
    if solo:
        if obj.get("you") is not None and read_seat(seats, obj["you"], "you") != seats.names[0]:
            raise InputError(_("\"you\" must be the one player, {player}").format(player=seats.names[0]), where="you")
        if obj.get("deck") is not None and obj["deck"] not in ("table", "app"):
            raise InputError(_("deck {deck}: table or app").format(deck=short_repr(obj["deck"])), where="deck")
        if obj.get("difficulty") is not None:
            read_int(obj["difficulty"], "difficulty", "difficulty", 0, 5)
        for k, v in read_dict(obj.get("rows", {}), "rows", "rows").items():
            name = read_seat(seats, k, f"rows.{k}")
            cards = read_hand(seats, v, f"rows.{k}", True)
            if len(cards) > HAND + 8:
                raise InputError(_("a row of {n} cards is longer than any row can be").format(n=len(cards)),
                                 where=f"rows.{k}")
            if name == seats.names[0] and any(c.extra_love for c in cards):
                raise InputError(_("extra-love cards are the Vancardians' only"), where=f"rows.{k}")
            hands[name] = cards
        for k, v in read_dict(obj.get("tricks_won", {}), "tricks_won", "tricks_won").items():
            tricks_won[read_seat(seats, k, f"tricks_won.{k}")] = read_int(v, f"tricks_won.{k}", _("tricks won"), 0, 8)
        draws = tuple(card(c, f"draws[{n_draw}]", solo=True)
                      for n_draw, c in enumerate(read_list(obj.get("draws", []), "draws", "draws")))
        revealed = read_hand(seats, obj.get("revealed", []), "revealed", True)
        if obj.get("surrender") is not None:
            s = read_dict(obj["surrender"], "surrender", "surrender")
            to = read_seat(seats, s.get("to"), "surrender.to")
            if seats.seat(to).kind is not Kind.VANCARDIAN:
                raise InputError(_("you surrender to the leading Vancardian"), where="surrender.to")
            surrender = Surrender(read_int(s.get("trick"), "surrender.trick", "trick", 1, 16), to,
                                  read_int(s.get("vp"), "surrender.vp", "VP", 0, 20))
    else:
        for key in ("rows", "tricks_won", "draws", "revealed", "surrender", "you", "difficulty", "deck"):
            if obj.get(key) is not None:
                raise InputError(_("\"{key}\" belongs to the solo mode only").format(key=key), where=key)
    owner: dict[Card, str] = {}
    for name, cards in hands.items():
        for c in cards:
            if c in owner and c not in EXTRA_LOVE:
                raise InputError(_("{card} is in both {first}'s and {second}'s hands: each card exists once").format(
                    card=c, first=owner[c], second=name), where="rows" if solo else "sidekicks")
            owner[c] = name
    tricks = tuple(read_trick(seats, t, i) for i, t in enumerate(read_list(obj.get("tricks", []), "tricks", "tricks")))
    for i, t in enumerate(tricks[:-1]):
        if isinstance(t, CardTrick) and len(t.plays) < len(seats.seats):
            raise InputError(_("{plays} plays of {seats}: only the last trick may be incomplete (the trick in play)")
                             .format(plays=len(t.plays), seats=len(seats.seats)), where=f"tricks[{i}]")
    abilities = tuple(read_ability(seats, a, i, solo)
                      for i, a in enumerate(read_list(obj.get("abilities", []), "abilities", "abilities")))
    return RoundInput(seats, dealer, alignment, tricks, abilities, hands, choices, round_no, revealed,
                      tricks_won, surrender, draws)


def run_round(data: object) -> RoundResult:
    """Parse and referee; an input the referee cannot place (a modifier on a card not in its trick) is bad
    input too."""
    return referee_file(parse_round(data))


def referee_file(rnd: RoundInput) -> RoundResult:
    """A round file refereed as the table referees the same events: the tricks, and in solo the Vancardians'
    moves, the cards drawn for them and the surrender (solo_referee)."""
    try:
        result = referee(rnd)
        return referee_solo(result) if rnd.mode is Mode.SOLO else result
    except InputError as e:
        if e.where:
            raise
        raise InputError(str(e), where="tricks") from None
