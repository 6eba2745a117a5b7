"""Final scoring: a pure function of the final table, returning a breakdown, not a number."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..errors import MissingValue
from ..i18n import N_
from ..said import Said
from .cards import Card, CardId, Effect
from .table import Seat, Table
from .templates import ScoringRule

TieBreak = Literal["hand", "shared"] | None


@dataclass(frozen=True, slots=True)
class Line:
    card: CardId
    collection: int  # 1 or 2
    position: int  # 1 = bottom (first played)
    printed: int
    bonus: int
    why: str

    @property
    def total(self) -> int:
        return self.printed + self.bonus


@dataclass(frozen=True, slots=True)
class Award:
    source: CardId
    owner: str | None  # None: a Character in play, which belongs to nobody
    points: int
    why: str


@dataclass(frozen=True, slots=True)
class PlayerScore:
    name: str
    total: int
    rank: int
    hand: int | None  # None: not known (a play imported with its scores only)
    lines: tuple[Line, ...]
    awards: tuple[Award, ...]


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    players: tuple[PlayerScore, ...]
    winners: tuple[str, ...]
    tie_break: TieBreak

    def player(self, name: str) -> PlayerScore:
        return next(p for p in self.players if p.name == name)


def _copies(n: int, card: str) -> str:
    """`n` of the card named `card`: its English name from the card list, made plural the English way ("2 Cats")."""
    return f"{n} {card}" if n == 1 else f"{n} {card}s"


def score(table: Table) -> ScoreSheet:
    """Printed points + scoring effects (covered or not) + awards (Kappa, Characters); ranks; tie-break."""
    lines = [_lines(table, i) for i in range(len(table.players))]
    return _ranked(table, lines)


def _ranked(table: Table, lines: list[list[Line]]) -> ScoreSheet:
    """Add the awards, then rank by points and break ties by cards in hand."""
    awards: list[list[Award]] = [[] for _ in table.players]
    for source, owner in _award_sources(table):
        for i, points, why in _award(table, source):
            awards[i].append(Award(source.id, owner, points, why))
    scores = [
        (seat, tuple(ls), tuple(aw), sum(ln.total for ln in ls) + sum(a.points for a in aw))
        for seat, ls, aw in zip(table.players, lines, awards, strict=False)
    ]
    order = sorted(scores, key=lambda s: (-s[3], -s[0].hand))
    players = tuple(
        PlayerScore(seat.name, total, 1 + sum(1 for o in scores if (o[3], o[0].hand) > (total, seat.hand)),
                    seat.hand, ls, aw)
        for seat, ls, aw, total in scores
    )
    best = order[0][3]
    leaders = [s for s in order if s[3] == best]
    most = max(s[0].hand for s in leaders)
    winners = tuple(s[0].name for s in leaders if s[0].hand == most)
    tie_break: TieBreak = None
    if len(leaders) > 1:
        tie_break = "hand" if len(winners) == 1 else "shared"
    return ScoreSheet(players, winners, tie_break)


def _lines(table: Table, seat_index: int) -> list[Line]:
    seat = table.players[seat_index]
    result: list[Line] = []
    deferred: list[tuple[int, int, Card]] = []
    for c, column in enumerate(seat.collections):
        for p, _cid in enumerate(column):
            try:
                result.append(_line(table, seat_index, c, p, deferred, len(result)))
            except MissingValue as missing:
                raise missing.at(Said(N_("{player}'s collection {n}, card {position}"), player=seat.name, n=c + 1,
                                      position=p + 1)) from None
    for index, c, card in deferred:
        bonus, why = _difference(table, result)
        result[index] = Line(card.id, c + 1, result[index].position, result[index].printed, bonus, why)
    return result


def _line(table: Table, seat_index: int, c: int, p: int, deferred: list[tuple[int, int, Card]],
          index: int) -> Line:
    cid = table.players[seat_index].collections[c][p]
    card = table.catalogue.card(cid)
    printed = card.need("points", N_("the score"))
    rule = _scoring_rule(card)
    if rule is not None and rule.template == "collection_difference":
        deferred.append((index, c, card))
        bonus, why = 0, ""
    elif rule is not None and not rule.is_award:
        bonus, why = _bonus(rule, table, seat_index, c, p, card)
    else:
        bonus, why = 0, ""
    return Line(cid, c + 1, p + 1, printed, bonus, why)


def _scoring_rule(card: Card) -> ScoringRule | None:
    """The card's scoring rule; a card whose effect (or scoring rule) nobody knows stops scoring."""
    if card.effect is None:
        raise MissingValue(card.id, "effect", N_("knowing whether it scores"))
    if card.effect is not Effect.SCORING:
        return None
    if card.scoring is None:
        raise MissingValue(card.id, "scoring", N_("the score"))
    return None if card.scoring.template == "none" else card.scoring


def _count(cards: tuple[CardId, ...], table: Table, *, card: str | None = None,
           family: str | None = None) -> int:
    if card is not None:
        return sum(1 for c in cards if c == card)
    return sum(1 for c in cards if table.catalogue.card(c).family == family)


def _hand_count(table: Table, seat: Seat, card: str, source: CardId) -> int:
    if seat.hand_cards is None:
        if seat.hand == 0:
            return 0
        raise MissingValue(source, "hand", Said(N_("counting {card} in {player}'s hand"), card=card, player=seat.name),
                           supplied_by="hand", seat=seat.name)
    return sum(1 for c in seat.hand_cards if c == card)


def _bonus(rule: ScoringRule, table: Table, seat_index: int, c: int, p: int,
           card: Card) -> tuple[int, str]:
    seat = table.players[seat_index]
    mine = seat.cards()
    t = rule.template
    if t == "per_card_named":
        n = _count(mine, table, card=rule.card)
        return rule.amount * n, f"{_copies(n, str(rule.card))} × {rule.amount}"
    if t == "per_family":
        n = _count(mine, table, family=rule.family)
        return rule.amount * n, f"{n} {rule.family} origami in your collections × {rule.amount}"
    if t == "per_other_in_collection":
        family = None if card.id == "Whale" and table.rules.whale == "any" else rule.family
        column = seat.collections[c][:p] + seat.collections[c][p + 1:]
        n = len(column) if family is None else _count(column, table, family=family)
        kind = f"other {family} origami" if family else "other origami"
        return rule.amount * n, f"{n} {kind} in this collection × {rule.amount}"
    if t == "per_cards_in_hand":
        n = seat.hand // rule.per
        per = "card" if rule.per == 1 else f"{rule.per} cards"
        return rule.amount * n, f"{rule.amount} per {per} in hand: {_counted(seat.hand, 'card')}"
    if t == "per_card_in_hand":
        n = _hand_count(table, seat, str(rule.card), card.id)
        return rule.amount * n, f"{n} {rule.card} in hand × {rule.amount}"
    if t == "worth_if_at_least":
        n = _count(mine, table, card=rule.card)
        if n >= rule.at_least:
            return rule.worth - card.need("points", "the score"), f"{n} {rule.card}s: worth {rule.worth}"
        return 0, f"only {n} {rule.card}: needs {rule.at_least} to be worth {rule.worth}"
    if t == "adjacent_same":
        column = seat.collections[c]
        sides = [q for q in (p - 1, p + 1) if 0 <= q < len(column) and column[q] == rule.card]
        if not sides:
            return 0, f"no {rule.card} directly above or below"
        where = " and ".join("below" if q < p else "above" for q in sides)
        times = len(sides) if table.rules.macaw == "each" else 1
        return rule.amount * times, f"another {rule.card} directly {where}"
    if t == "per_player_fewer_in_hand":
        fewer = [s.name for s in table.players if s is not seat and s.hand < seat.hand]
        return rule.amount * len(fewer), (
            f"{_counted(len(fewer), 'player')} with fewer cards in hand" + (f" ({', '.join(fewer)})" if fewer else ""))
    raise AssertionError(f"unhandled scoring template {t}")


def _difference(table: Table, lines: list[Line]) -> tuple[int, str]:
    with_bonus = table.rules.anaconda == "scored"
    sums = [0, 0]
    for line in lines:
        sums[line.collection - 1] += line.total if with_bonus else line.printed
    kind = "points" if with_bonus else "printed points"
    return abs(sums[0] - sums[1]), f"collections worth {sums[0]} and {sums[1]} {kind}"


def _award_sources(table: Table) -> list[tuple[Card, str | None]]:
    """Cards in collections (with their owner) and Characters in play (owned by nobody) that award points."""
    held = [(cid, seat.name) for seat in table.players for cid in seat.cards()]
    in_play: list[tuple[CardId, str | None]] = [(cid, None) for cid in table.characters]
    sources: list[tuple[Card, str | None]] = []
    for cid, owner in [*held, *in_play]:
        card = table.catalogue.card(cid)
        rule = _scoring_rule(card)
        if rule is not None and rule.is_award:
            sources.append((card, owner))
    return sources


def _award(table: Table, source: Card) -> list[tuple[int, int, str]]:
    rule = source.scoring
    assert rule is not None
    seats = table.players
    t = rule.template
    if t == "most_of_family":
        values = [_count(s.cards(), table, family=rule.family) for s in seats]
        what = f"{rule.family} origami"
    elif t == "most_of_card":
        values = [_count(s.cards(), table, card=rule.card) for s in seats]
        what = str(rule.card)
    elif t == "most_origami":
        values, what = [len(s.cards()) for s in seats], "origami in collections"
    elif t in ("most_in_hand", "fewest_in_hand"):
        values, what = [s.hand for s in seats], "cards in hand"
    else:
        # A bonus template on a Character has no card position; it cannot be scored as an award.
        raise MissingValue(source.id, "scoring", f"template {t!r} is not an award across players")
    target = min(values) if t == "fewest_in_hand" else max(values)
    word = "fewest" if t == "fewest_in_hand" else "most"
    tied = sum(1 for v in values if v == target)
    others = f", tied with {_counted(tied - 1, 'other')}"
    shared = others if tied > 1 else ""
    return [(i, rule.amount, f"{word} {what} ({v}{shared})") for i, v in enumerate(values) if v == target]


def _counted(n: int, noun: str) -> str:
    """`1 card`, `3 cards`: in English, as a sheet's reasons are kept (sheet_words.why_shown says them in the
    language in use where they are shown)."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
