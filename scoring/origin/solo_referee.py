"""A solo round file refereed as the table referees the same events (§3.8): each Vancardian's lead and follow by
her procedure (vancardian_moves.lead / follow, which decide plays her by), the cards drawn for her (the discard
pile comes back only once the deck is empty: OS-DECK-EMPTY) and the surrender (vancardian_abilities.surrender,
which decide checks it with).

The file gives the rows as they stood before its tricks and the cards drawn, in order. `replay` walks its tricks;
where the file cannot tell her row any more (a follow whose draws are missing, a winners-level or rewound trick),
it stops and says why: from there on her moves are unprovable."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from ..decision import Violation
from ..errors import InputError
from ..i18n import N_, _
from ..said import Said, joined
from .cards import DECK, Card
from .round_input import Ability, Alignment, EffectKind, RoundInput
from .round_result import Flag, RoundResult, TrickResult
from .rules import RuleId
from .setup import HAND
from .trick import Play
from .vancardian_abilities import exchange, reveal, surrender
from .vancardian_moves import follow, lead
from .vancardian_values import PRINTED, VANCARDIANS, Effective
from .wording import card_row

# Before the file's tricks the deck lost at most the deal (8 cards to each of three seats), the round line's
# draws (a Replace draws at most each row's 8 cards) and two cards per follow (two follows a trick): what is left
# is the least the deck can still hold.
_DEALT = 3 * HAND + 2 * HAND
# A refusal when the file does not say at which moment of the trick the exchange came: what each moment gives.
_WITH_BEFORE = N_("with the exchange before her play: {message}")
_WITH_AFTER = N_("with the exchange after her play: {message}")
_THAT_BEFORE = N_("{message} That is with the exchange before her play; {others}")
_THAT_AFTER = N_("{message} That is with the exchange after her play; {others}")


@dataclass(slots=True)
class Table:
    """What the replay knows: the rows now, the drawn cards not yet used, the cards played this round, the cards
    her draw steps trimmed to the discard pile (with the trick) and how many the file's draws took from the
    deck."""

    rows: dict[str, list[Card]]
    your_row: list[Card] | None
    draws: list[Card]
    played: dict[Card, tuple[int, str]]
    discarded: dict[Card, int] = field(default_factory=dict)
    drawn: int = 0

    def copy(self) -> Table:
        return Table({s: list(r) for s, r in self.rows.items()},
                     None if self.your_row is None else list(self.your_row), list(self.draws), dict(self.played),
                     dict(self.discarded), self.drawn)


@dataclass(frozen=True, slots=True)
class Stop:
    """Where the replay could go no further, and why."""

    trick: int
    seat: str
    sentence: str
    where: str


@dataclass(frozen=True, slots=True)
class Replay:
    table: Table
    refused: dict[tuple[int, int], Violation]  # (index of the trick in the result, play) → her move refused
    won: int  # your tricks won so far (before the file and in it)
    stop: Stop | None


def revealed(rnd: RoundInput, trick: int) -> set[Card]:
    """The file's reveals and those of abilities used up to this trick (as the referee counts them)."""
    shown = set(rnd.revealed)
    for ab in rnd.abilities:
        if ab.trick is not None and ab.trick <= trick:
            shown.update(c for e in ab.effects if e.kind is EffectKind.REVEAL for c in e.cards)
    return shown


def you_of(rnd: RoundInput) -> str:
    return rnd.seating.names[0]


def alignment_at(rnd: RoundInput, trick: int) -> str:
    """Your alignment when trick `trick` is played: the file's, then any `align` used in a trick up to it."""
    you = you_of(rnd)
    now = rnd.alignment.get(you, Alignment.HERO).value
    for ab in sorted(rnd.abilities, key=lambda a: a.trick or 0):
        if ab.trick is not None and ab.trick <= trick and ab.player.casefold() == you.casefold():
            for e in ab.effects:
                if e.kind is EffectKind.ALIGN:
                    now = e.text
    return now


def effective_at(rnd: RoundInput, trick: int) -> Effective:
    shown = revealed(rnd, trick)
    return reveal(shown, alignment_at(rnd, trick)) if shown else PRINTED


def _yours_with_her(rnd: RoundInput, table: Table, trick: int | None) -> list[tuple[int, Ability]]:
    """Your abilities used in this trick (None: at the start of the round) that exchange with a Vancardian."""
    you = you_of(rnd)
    return [(i, ab) for i, ab in enumerate(rnd.abilities)
            if ab.player.casefold() == you.casefold()
            and (ab.trick is None and ab.timing != "end-of-round" if trick is None else ab.trick == trick)
            and any(e.kind is EffectKind.EXCHANGE and e.target in table.rows for e in ab.effects)]


# What an ability may do and still leave your row followed card by card: only exchanges with a Vancardian move
# your cards (a draw, a discard, a pass or a rewind moves cards the file does not name).
_ROW_KEPT = frozenset({EffectKind.EXCHANGE, EffectKind.VP, EffectKind.STAMINA, EffectKind.REMOVE, EffectKind.AS,
                       EffectKind.IGNORE_FOLLOW, EffectKind.LEAD, EffectKind.ALIGN, EffectKind.REVEAL,
                       EffectKind.WINNER, EffectKind.NOTE})


def _your_row_followed(rnd: RoundInput, trick: int) -> bool:
    """Whether the replay knows your row card by card in this trick: no ability used up to it moved cards but
    your exchanges with a Vancardian (whose card taken her procedure gives)."""
    return all(e.kind in _ROW_KEPT and (e.kind is not EffectKind.EXCHANGE or e.target in VANCARDIANS)
               for ab in rnd.abilities if ab.trick is None or ab.trick <= trick for e in ab.effects)


def _exchanges(used: list[tuple[int, Ability]], table: Table, effective: Effective) -> None:
    """OS-SOLO-EXCHANGE: your exchanges with a Vancardian, one after the other, as decide resolves them (the
    cards compared with the values your reveals give them)."""
    for i, ab in used:
        for e in ab.effects:
            if e.kind is not EffectKind.EXCHANGE or e.target not in VANCARDIANS or e.target not in table.rows:
                continue
            where = f"abilities[{i}] ({ab.player}, {ab.source})"
            if len(e.cards) != 1:
                raise InputError(_("'{effect}': name the one card you gave her ('exchange with {seat} give CARD'): "
                                   "her row cannot be followed otherwise").format(effect=e, seat=e.target), where=where)
            give = e.cards[0]
            hand = table.your_row if table.your_row is not None else [give]
            try:
                done = exchange(table.rows[e.target], hand, give, seat=e.target, effective=effective)
            except InputError as err:
                raise InputError(str(err), where=where) from None
            table.rows[e.target] = list(done.row_after)
            if table.your_row is not None:
                table.your_row = list(done.hand_after)


def _moments(rnd: RoundInput, t: TrickResult, used: list[tuple[int, Ability]]) -> list[int]:
    """When in trick t the exchanges may have come, as positions among its plays (0: before the first card,
    len(plays): after the last). A file does not say; the rulebook's ability types do for some: "whenever you
    lead" and "on your turn" / "whenever you follow" at your turn, "end of trick" and "win/lose a trick" once the
    trick is over; any other (a Remove, first/final trick, none given) at any moment. A position the type names
    but the trick cannot hold (your turn not in it yet) leaves every moment open. Positions that put the same
    Vancardian plays before the exchange are the same moment: the first of each is kept."""
    you = you_of(rnd).casefold()
    n = len(t.plays)
    mine = next((i for i, p in enumerate(t.plays) if p.seat.casefold() == you), None)
    allowed = set(range(n + 1))
    for _i, ab in used:
        if ab.timing in ("whenever-you-lead", "on-your-turn", "whenever-you-follow") and mine is not None:
            allowed &= {mine, mine + 1}
        elif ab.timing in ("end-of-trick", "win-a-trick", "lose-a-trick") and t.complete:
            allowed &= {n}
    targets = {e.target for _, ab in used for e in ab.effects if e.kind is EffectKind.EXCHANGE}
    hers = [i for i, p in enumerate(t.plays) if p.seat in targets]
    seen: dict[tuple[bool, ...], int] = {}
    for m in sorted(allowed or range(n + 1)):
        seen.setdefault(tuple(i < m for i in hers), m)
    return list(seen.values())


def check_drawn(drawn: Sequence[Card], table: Table, where: str) -> None:
    """OS-UNIQUE: a drawn card cannot be in a row or have been played this round (won tricks never return to
    the deck; discarded cards may, after a reshuffle)."""
    for c in drawn:
        if c.extra_love:
            raise InputError(_("{card} cannot be drawn: extra-love cards are added by a round's line, never shuffled "
                               "into the deck (OS-SOLO-ADD)").format(card=c), where=where)
        if c in table.played:
            n, seat = table.played[c]
            raise InputError(_("{card} cannot be drawn: {seat} played it in trick {n} (OS-UNIQUE)").format(
                card=c, seat=seat, n=n), where=where)
        holder = next((s for s, row in table.rows.items() if c in row), None)
        if holder is None and table.your_row is not None and c in table.your_row:
            raise InputError(_("{card} cannot be drawn: it is in your row (OS-UNIQUE)").format(card=c), where=where)
        if holder is not None and not c.extra_love:
            raise InputError(_("{card} cannot be drawn: it is in {seat}'s row (OS-UNIQUE)").format(card=c, seat=holder),
                             where=where)


def from_discard(drawn: Sequence[Card], table: Table, before: int) -> Violation | None:
    """OS-DECK-EMPTY: a card trimmed to the discard pile this round comes back only once the deck is empty; the
    deck still holds at least what the deal, the round line and every follow so far can have taken."""
    least = len(DECK) - _DEALT - 4 * before - table.drawn
    again = [c for c in drawn if c in table.discarded and not c.extra_love]
    if not again or least < len(drawn):
        return None
    c = again[0]
    return Violation(RuleId.DECK_EMPTY, Said(N_("{card} went to the discard pile in trick {n}: it comes back only "
                                                "when the deck is empty and the discard pile is shuffled in, and the "
                                                "deck still holds at least {least} cards"), card=c,
                                             n=table.discarded[c], least=least))


def _her_move(rnd: RoundInput, t: TrickResult, i: int, table: Table, won: int, before: int,
              where: str) -> tuple[Violation | None, Stop | None]:
    """Play i of trick t, a Vancardian's: what her procedure gives against what the file says she played."""
    p = t.plays[i]
    seat, c = p.seat, p.play.card
    row = table.rows[seat]
    effective = effective_at(rnd, t.n)
    now = alignment_at(rnd, t.n)
    if i == 0:
        move = lead(row, alignment=now, tricks_won=won, seat=seat, effective=effective)
        rule, verb = RuleId.SOLO_LEAD, N_("{seat} leads with {plays} by her procedure, not {card} (her row: {row}): ")
    else:
        if len(table.draws) < 2:
            return None, Stop(t.n, seat, Said(N_("{seat} followed in trick {n}, so she drew 2 cards, but the file's "
                                                 "draws have {left} left: add the cards she drew, in order"),
                                              seat=seat, n=t.n, left=len(table.draws)), "draws")
        drawn = tuple(table.draws[:2])
        del table.draws[:2]
        check_drawn(drawn, table, "draws")
        recycled = from_discard(drawn, table, before)
        try:
            move = follow(row, drawn, [q.play for q in t.plays[:i]], alignment=now, tricks_won=won, seat=seat,
                          effective=effective, as_led=rnd.choices.as_led)
        except InputError as err:
            raise InputError(str(err), where="draws") from None
        table.drawn += len(drawn)
        table.discarded.update(dict.fromkeys(move.discarded, t.n))
        row = list(move.row_after)
        if c not in row:
            raise InputError(_("{card} is not in {seat}'s row ({row})").format(card=c, seat=seat, row=card_row(row)),
                             where=where)
        if recycled is not None:
            table.rows[seat] = [x for x in row if x != c]
            return recycled, None
        rule, verb = RuleId.SOLO_FOLLOW, N_("{seat} follows with {plays} by her procedure, not {card} (her row: "
                                            "{row}): ")
    table.rows[seat] = [x for x in row if x != c]
    if move.plays == c or p.violations:  # refused by the referee already (not in her row while it knew it)
        return None, None
    said = [Said(verb, seat=seat, plays=move.plays, card=c, row=card_row(row))]
    if c not in row:
        said.append(Said(N_("{card} is not in her row. "), card=c))
    steps = joined([s.sentence for s in move.steps], " ")
    return Violation(RuleId.SOLO_ROWS if c not in row else rule, joined([*said, steps], "")), None


def _trick(rnd: RoundInput, k: int, t: TrickResult, table: Table, won: int, before: int,
           used: list[tuple[int, Ability]], at: int) -> tuple[dict[int, Violation], Stop | None]:
    """Trick t's plays in order, her moves checked, with `used` exchanges made before play `at`."""
    refused: dict[int, Violation] = {}
    for i, p in enumerate(t.plays):
        if i == at:
            _exchanges(used, table, effective_at(rnd, t.n))
        c = p.play.card
        if p.seat in table.rows:
            bad, stop = _her_move(rnd, t, i, table, won, before, f"tricks[{k}], play {i + 1} ({p.seat} {c})")
            if stop is not None:
                return refused, stop
            if bad is not None:
                refused[i] = bad
        elif table.your_row is not None and c in table.your_row:
            table.your_row.remove(c)
        elif table.your_row is not None and not p.violations and _your_row_followed(rnd, t.n):
            # The trick referee counts a card taken from her in an exchange as unknown; her procedure says which
            # it was, so a card that is in neither your row nor what you took is refused here.
            refused[i] = Violation(RuleId.SOLO_ROWS, Said(N_("{card} is not one of {seat}'s row ({shown})"), card=c,
                                                          seat=p.seat, shown=card_row(table.your_row)))
        table.played.setdefault(c, (t.n, p.seat))
    if at >= len(t.plays):
        _exchanges(used, table, effective_at(rnd, t.n))
    return refused, None


def _timed(rnd: RoundInput, k: int, t: TrickResult, table: Table, won: int, before: int,
           used: list[tuple[int, Ability]]) -> tuple[Table, dict[int, Violation], Stop | None]:
    """Trick t with exchanges whose moment in it the file does not give: played from each moment the rules
    allow (_moments). Her moves stand when some moment gives them all, and the replay goes on from it; when
    moments that give them leave different rows, the moment is not provable and neither is her row from there.
    When none does, the first moment's refusals are given, each with what the other moments make her play."""
    runs: list[tuple[int, Table, dict[int, Violation], Stop | None]] = []
    error: InputError | None = None
    for at in _moments(rnd, t, used):
        tried = table.copy()
        try:
            refused, stop = _trick(rnd, k, t, tried, won, before, used, at)
        except InputError as err:  # e.g. her card not in her row as this moment leaves it
            error = error or err
            continue
        runs.append((at, tried, refused, stop))
    if not runs:
        assert error is not None
        raise error
    fine = [r for r in runs if not r[2]]
    if not fine:
        at, tried, refused, stop = runs[0]
        for i, v in refused.items():
            others = [Said(_WITH_BEFORE if m <= i else _WITH_AFTER, message=w.message)
                      for m, _, more, _ in runs[1:] if (w := more.get(i)) is not None]
            if others:
                refused[i] = replace(v, message=Said(_THAT_BEFORE if at <= i else _THAT_AFTER, message=v.message,
                                                     others=joined(others)))
        return tried, refused, stop
    at, tried, _none, stop = fine[0]
    if any(r[1].rows != tried.rows or r[1].your_row != tried.your_row for r in fine[1:]):
        seat = next(e.target for _, ab in used for e in ab.effects if e.kind is EffectKind.EXCHANGE)
        return tried, {}, Stop(t.n, seat, Said(N_("your exchange in trick {n} may have come before or after {seat}'s "
                                                  "play (the file does not say at which moment, and both give her "
                                                  "move), and her row afterwards depends on it: give the ability's "
                                                  "timing (e.g. whenever-you-lead) if it says"), n=t.n, seat=seat),
                               f"tricks[{k}]")
    return tried, {}, stop


def replay(rnd: RoundInput, result: RoundResult) -> Replay:
    """Every trick of the file, in order, each Vancardian move checked by her procedure: her lead from her row,
    her follow after her draw step with the next two drawn cards; each card played leaves its row."""
    you = you_of(rnd)
    before = rnd.played_before
    table = Table({s: list(rnd.hands[s]) for s in VANCARDIANS if s in rnd.hands},
                  list(rnd.hands[you]) if you in rnd.hands else None, list(rnd.draws), {})
    won = rnd.tricks_won.get(you, 0)
    refused: dict[tuple[int, int], Violation] = {}
    _exchanges(_yours_with_her(rnd, table, None), table, effective_at(rnd, 0))
    for k, t in enumerate(result.tricks):
        if t.winners_level or t.rewound:
            why = Said(N_("solo is played card by card (the Vancardians need every card): give the trick's cards, "
                          "not only its winner")) if t.winners_level else \
                Said(N_("a rewound trick cannot be replayed yet: leave it out and keep the replay"))
            return Replay(table, refused, won, Stop(t.n, t.leader, why, f"tricks[{k}]"))
        used = _yours_with_her(rnd, table, t.n)
        if used:
            table, found, stop = _timed(rnd, k, t, table, won, before, used)
        else:
            found, stop = _trick(rnd, k, t, table, won, before, used, 0)
        refused.update({(k, i): v for i, v in found.items()})
        if stop is not None:
            return Replay(table, refused, won, stop)
        if t.counts and t.winner == you:
            won += 1
    return Replay(table, refused, won, None)


def _surrender(rnd: RoundInput, result: RoundResult, done: Replay) -> Violation | None:
    """The file's surrender checked as the table checks it: in the trick in progress (the file's last, or the
    next one, whose lead her procedure gives), at the start of your turn, to the Vancardian who led it, for the
    VP the rule gives."""
    claim = rnd.surrender
    assert claim is not None
    you = you_of(rnd)
    in_play = result.in_play
    before = rnd.played_before
    n = in_play.n if in_play is not None else sum(1 for t in result.tricks if t.counts) + 1
    trick: list[Play] = [p.play for p in in_play.plays] if in_play is not None else []
    leader = trick[0].seat if trick else result.next_leader or ""
    row: Sequence[Card] = done.table.rows.get(leader, ())
    if not trick and leader in done.table.rows:  # nobody played to it yet: she leads by her procedure
        move = lead(row, alignment=alignment_at(rnd, n), tricks_won=done.won, seat=leader,
                    effective=effective_at(rnd, n))
        trick, row = [effective_at(rnd, n).play(leader, move.plays)], move.row_left
    if claim.trick not in (n, before + n):  # numbered in the round, or among the file's tricks
        return Violation(RuleId.SOLO_SURRENDER, Said(N_("surrender in trick {claimed}: the trick in progress is "
                                                        "trick {n}, and you may surrender only at the start of your "
                                                        "turn in it"), claimed=claim.trick, n=before + n))
    if leader == you:
        return Violation(RuleId.SOLO_SURRENDER, Said(N_("{you} leads trick {n}: you may surrender only in a trick a "
                                                        "Vancardian led"), you=you, n=before + n))
    offer = surrender(trick, row, you=you, alignment=alignment_at(rnd, n), tricks_won=done.won)
    if not offer.allowed:
        return Violation(offer.rule, offer.sentence)
    if rnd.seating.seat(claim.to).name != offer.to:
        return Violation(offer.rule, Said(N_("you surrender to the Vancardian who led trick {n}, {seat}, not "
                                             "{claimed}"), n=before + n, seat=offer.to, claimed=claim.to))
    if claim.vp != offer.vp:
        return Violation(offer.rule, Said(N_("surrender VP: {vp}, not {claimed}. {sentence}"), vp=offer.vp,
                                          claimed=claim.vp, sentence=offer.sentence))
    return None


def referee_solo(result: RoundResult) -> RoundResult:
    """A solo file's result with the Vancardians' moves, the cards drawn for them and the surrender refereed;
    where the file cannot show her row any more, a note says what is unprovable."""
    rnd = result.input
    done = replay(rnd, result)
    tricks = list(result.tricks)
    for (k, i), v in done.refused.items():
        t = tricks[k]
        plays = list(t.plays)
        plays[i] = replace(plays[i], legal=False, violations=plays[i].violations + (v,))
        tricks[k] = replace(t, plays=tuple(plays))
    if done.stop is not None:
        s = done.stop
        at = next(k for k, t in enumerate(tricks) if t.n == s.trick)
        tricks[at] = replace(tricks[at], notes=tricks[at].notes + (Flag(
            RuleId.SOLO_PICK, s.trick, s.seat, Said(N_("the Vancardians' moves from here on are not checked: "
                                                       "{sentence}"), sentence=s.sentence)),))
    found = None  # her row not known: the surrender cannot be proved either way
    if rnd.surrender is not None and done.stop is None and all(s in rnd.hands for s in VANCARDIANS):
        found = _surrender(rnd, result, done)
    return replace(result, tricks=tuple(tricks), claims=() if found is None else (found,))
