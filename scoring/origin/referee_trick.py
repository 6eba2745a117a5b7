"""One trick refereed (§3.3, §3.4): leader, plays against known hands, voids, revokes, the winner.

`Memory` is what the referee carries from trick to trick of a round (cards seen, hands known, voids, when cards
entered a hand); `card_trick` reads one trick of cards against it and updates it, concern by concern: the plays as
modified by abilities, each play's order and uniqueness, the known hand it came from (following suit, a sidekick's
card turned up), the void it shows or the revoke it proves, then the winner. `one_more_play` carries a trick in play
(`TrickInPlay`) on by one play, reading that play alone, for a play decided after the one before it."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from ..decision import Violation
from ..errors import InputError
from ..i18n import N_, _
from ..said import Said, joined
from .cards import TRUMP, Card, Suit
from .lean import lean
from .round_input import Ability, Alignment, CardTrick, Effect, EffectKind, RoundInput, WinnerOnly
from .round_result import Flag, PlayResult, TrickResult
from .rules import RuleId
from .setup import Kind, Mode, Seat, Seating
from .trick import Play, ahead, lead_suit, reason, winning


@dataclass(slots=True)
class KnownHand:
    """What is known of a hand: some cards, and how many more are unknown."""

    cards: list[Card]
    unknown: int = 0
    turns_left: int = 0  # a sidekick's face-down cards still to turn up


@dataclass(frozen=True, slots=True)
class Void:
    """A seat showed out of `suit` in trick `trick`."""

    suit: Suit
    trick: int


@dataclass(slots=True)
class Memory:
    """What the referee remembers from trick to trick of a round: where each card was played (trick, seat), the
    hands known, each seat's voids, and the tricks in which cards entered each seat's hand (None: when is not
    known)."""

    seen: dict[Card, tuple[int, str]]
    known: dict[str, KnownHand]
    voids: dict[str, list[Void]]
    got: dict[str, list[int | None]]

    def for_play(self, seat: str) -> Memory:
        """A copy that a play by `seat` may change (`_checked` changes the cards seen and that seat's hand, voids and
        receipts only), sharing the rest with this one."""
        known, voids, got = dict(self.known), dict(self.voids), dict(self.got)
        hand = known.get(seat)
        if hand is not None:
            known[seat] = KnownHand(list(hand.cards), hand.unknown, hand.turns_left)
        voids[seat], got[seat] = list(voids[seat]), list(got[seat])
        return Memory(dict(self.seen), known, voids, got)


@dataclass(slots=True)
class _Trick:
    """The trick being refereed: its number, who led it, the seats in order from the leader, the lead suit and the
    cards sidekicks turned up after their plays."""

    rnd: RoundInput
    n: int
    leader: str
    order: tuple[str, ...]
    lead: Suit
    turned: dict[str, Card]


@dataclass(slots=True)
class _Found:
    """What the trick's plays showed: new voids, proven revokes (flags) and possible ones (notes)."""

    voids: list[tuple[str, Suit]] = field(default_factory=list)
    flags: list[Flag] = field(default_factory=list)
    notes: list[Flag] = field(default_factory=list)


def _effects_at(rnd: RoundInput, n: int, kind: EffectKind) -> list[tuple[Ability, Effect]]:
    return [(ab, e) for ab in rnd.abilities if ab.trick == n for e in ab.effects if e.kind is kind]


def _modified(rnd: RoundInput, n: int, plays: tuple[Play, ...], revealed: set[Card],
              alignment: dict[str, Alignment], lenient: bool = False) -> tuple[Play, ...]:
    """The plays with the modifiers entered as abilities for trick n (`9br as 11`, `ignore follow`) and, in
    solo, the reveal adjustment (−1 hero, +1 villain: OS-SOLO-REVEAL)."""
    out = list(plays)
    for ab, e in _effects_at(rnd, n, EffectKind.AS):
        at = [i for i, p in enumerate(out) if p.card == e.card]
        if not at and lenient:
            continue  # a rewound trick and its replay share the number: the card is in the other one
        if not at:
            raise InputError(_("{source}: {effect} names {card}, which was not played in trick {n}").format(
                source=ab.source, effect=e, card=e.card, n=n), where=f"abilities ({ab.player}, {ab.source})")
        p = out[at[0]]
        out[at[0]] = replace(p, value=e.value if e.value is not None else p.value,
                             suit=e.suit if e.suit is not None else p.suit, by=ab.source)
    for ab, _e in _effects_at(rnd, n, EffectKind.IGNORE_FOLLOW):
        at = [i for i, p in enumerate(out) if p.seat.casefold() == ab.player.casefold()]
        if not at and lenient:
            continue
        if not at:
            raise InputError(_("{source}: 'ignore follow' for {player}, who did not play in trick {n}").format(
                source=ab.source, player=ab.player, n=n), where=f"abilities ({ab.player}, {ab.source})")
        out[at[0]] = replace(out[at[0]], ignore_follow=True, by=out[at[0]].by or ab.source)
    if rnd.mode is Mode.SOLO:
        for i, p in enumerate(out):
            if p.card in revealed and p.value is None:
                step = 1 if alignment.get(p.seat) is Alignment.VILLAIN else -1
                out[i] = replace(p, value=p.card.value + step, by=p.by or "revealed")
    return tuple(out)


def _leader_violation(seating: Seating, n: int, actual: str, expected: str) -> Violation | None:
    if actual == expected:
        return None
    if seating.seat(actual).kind is Kind.SIDEKICK:
        return Violation(RuleId.SK_NOLEAD, Said(N_("{actual} is a sidekick and never leads: {expected} leads trick "
                                                   "{n}"), actual=actual, expected=expected, n=n))
    if n == 1:
        return Violation(RuleId.LEAD_FIRST, Said(N_("the seat to the dealer's left leads trick 1: {expected}, not "
                                                    "{actual}"), expected=expected, actual=actual))
    return Violation(RuleId.LEAD_WINNER, Said(N_("the winner of the last trick leads: {expected} leads trick {n}, not "
                                                 "{actual}"), expected=expected, n=n, actual=actual))


def _override(rnd: RoundInput, n: int) -> tuple[str, str] | None:
    found = _effects_at(rnd, n, EffectKind.WINNER)
    if not found:
        return None
    ab, e = found[-1]
    return rnd.seating.seat(e.target).name, ab.source


def _next_leader(rnd: RoundInput, n: int, winner: str) -> str:
    lead = [e for _ab, e in _effects_at(rnd, n, EffectKind.LEAD)]
    if lead and rnd.seating.seat(lead[-1].target).kind is not Kind.SIDEKICK:
        return rnd.seating.seat(lead[-1].target).name
    return rnd.seating.leads_for(winner)


def _sidekick_won(seating: Seating, n: int, winner: str) -> Flag:
    return Flag(RuleId.SK_TRICK, n, winner, Said(N_("{winner} won trick {n}: its cards are discarded and count for "
                                                    "nobody; {next} leads next"), winner=winner, n=n,
                                                 next=seating.leads_for(winner)))


def winner_only(rnd: RoundInput, n: int, entry: WinnerOnly, leader: str) -> TrickResult:
    """A trick of the winners level: only who won it."""
    seating = rnd.seating
    override = _override(rnd, n)
    winner = override[0] if override else seating.seat(entry.winner).name
    notes = (_sidekick_won(seating, n, winner),) if seating.seat(winner).kind is Kind.SIDEKICK else ()
    return TrickResult(n, leader, None, (), winner, None, Said(N_("{winner} won (winners level)"), winner=winner), None,
                       _next_leader(rnd, n, winner), (), (), notes, (), True, winners_level=True)


@lean
@dataclass(frozen=True, slots=True)
class TrickInPlay:
    """A trick of cards refereed so far, as `one_more_play` carries it on: the cards turned up as entered, its plays
    (under their seats' names), their results, the trick's own refusals (its leader) and what its plays showed.
    Never changed: one more play makes another."""

    trick: _Trick
    turned: tuple[tuple[str, Card], ...]
    plays: tuple[Play, ...]
    out: tuple[PlayResult, ...]
    refusals: tuple[Violation, ...]
    found: _Found
    best: int  # the play winning so far


def card_trick(rnd: RoundInput, n: int, entry: CardTrick, expected: str, last_entry: bool, memory: Memory,
               revealed: set[Card], alignment: dict[str, Alignment]) -> tuple[TrickResult, TrickInPlay | None]:
    """A trick of cards, refereed against what the round so far has shown (`memory`, updated by it); and the trick
    so far when one more play may carry it on (`one_more_play`): it is incomplete and nothing modifies its plays (no
    ability in it, no solo reveal), so a later play changes none of them."""
    seating = rnd.seating
    plays = _trick_plays(rnd, n, entry, last_entry, revealed, alignment)
    actual = plays[0].seat
    lv = _leader_violation(seating, n, actual, expected)
    refusals = (lv,) if lv is not None else ()
    lead = lead_suit(plays, as_led=rnd.choices.as_led)
    assert lead is not None
    trick = _Trick(rnd, n, actual, seating.order_from(actual), lead,
                   {seating.seat(s).name: c for s, c in entry.turned} if entry.turned else {})
    found = _Found()
    out = tuple(_checked(trick, i, p, memory, found) for i, p in enumerate(plays))
    index = winning(plays, as_led=rnd.choices.as_led)
    assert index is not None
    kept = None
    if len(plays) < len(seating.seats) and not revealed and not any(ab.trick == n for ab in rnd.abilities):
        kept = TrickInPlay(trick, entry.turned, plays, out, refusals, found, index)
    return _trick_result(trick, entry, plays, index, out, refusals, found), kept


def one_more_play(rnd: RoundInput, sofar: TrickInPlay, entry: CardTrick,
                  memory: Memory) -> tuple[TrickResult, TrickInPlay | None, Memory] | None:
    """`entry` refereed as `card_trick` would referee it, from `sofar`, when `entry` is that trick (by
    value) and one more play: only that play is read, against a copy of `memory` (the round's after `sofar`) that
    learns it. None when `entry` is not, or when it adds a card turned up by a seat that played before in the
    trick (that play would read it)."""
    k = len(sofar.plays)
    plays, turned, trick = entry.plays, entry.turned, sofar.trick
    if len(plays) != k + 1 or plays[:k] != sofar.plays or turned[:len(sofar.turned)] != sofar.turned:
        return None
    seating = rnd.seating
    p = plays[k]
    if (seat := seating.seat(p.seat).name) != p.seat:
        p = replace(p, seat=seat)
    if len(turned) > len(sofar.turned):
        more = {seating.seat(s).name: c for s, c in turned[len(sofar.turned):]}
        if any(q.seat in more for q in sofar.plays):
            return None
        trick = replace(trick, turned=trick.turned | more)
    memory = memory.for_play(seat)
    found = _Found(list(sofar.found.voids), list(sofar.found.flags), list(sofar.found.notes))
    out = sofar.out + (_checked(trick, k, p, memory, found),)
    plays = sofar.plays + (p,)
    best = k if ahead(sofar.plays[sofar.best], p, trick.lead) else sofar.best
    kept = TrickInPlay(trick, turned, plays, out, sofar.refusals, found, best) \
        if len(plays) < len(seating.seats) else None
    return _trick_result(trick, entry, plays, best, out, sofar.refusals, found), kept, memory


def _trick_result(trick: _Trick, entry: CardTrick, plays: tuple[Play, ...], index: int, out: tuple[PlayResult, ...],
                  refusals: tuple[Violation, ...], found: _Found) -> TrickResult:
    """The trick's result from its plays' results (plays[index] the best card): the best card so far, or (complete)
    the winner."""
    rnd = trick.rnd
    if len(plays) < len(rnd.seating.seats):
        return TrickResult(trick.n, trick.leader, trick.lead, out, None, plays[index], "", None, None,
                           tuple(found.voids), tuple(found.flags), tuple(found.notes), refusals, False)
    return _won(trick, entry, plays, index, out, list(refusals), found)


def _trick_plays(rnd: RoundInput, n: int, entry: CardTrick, last_entry: bool, revealed: set[Card],
                 alignment: dict[str, Alignment]) -> tuple[Play, ...]:
    """The trick's plays under their seats' names, as abilities and reveals modified them; only the last trick
    of the round may be incomplete."""
    seating = rnd.seating
    if not entry.plays:
        raise InputError(_("trick {n} has no plays: give the cards from the leader, or only its winner").format(n=n))
    plays = tuple(p if (seat := seating.seat(p.seat).name) == p.seat else replace(p, seat=seat)
                  for p in entry.plays)
    if revealed or any(ab.trick == n for ab in rnd.abilities):  # else nothing modifies them
        rewind_pair = any(ab.trick == n and e.kind is EffectKind.REWIND for ab in rnd.abilities for e in ab.effects)
        plays = _modified(rnd, n, plays, revealed, alignment, lenient=rewind_pair)
    if len(plays) < len(seating.seats) and not last_entry:
        raise InputError(_("trick {n} has {plays} plays of {seats}: only the last trick may be incomplete (the "
                           "trick in play)").format(n=n, plays=len(plays), seats=len(seating.seats)))
    return plays


def _checked(trick: _Trick, i: int, p: Play, memory: Memory, found: _Found) -> PlayResult:
    """Play i of the trick: in turn, a card not seen elsewhere, from the hand known (if any); the void it shows
    and the revoke it proves. `memory` learns the card."""
    seat = trick.rnd.seating.seat(p.seat)
    where = None if p.card.extra_love else memory.seen.get(p.card)  # two of each extra-love card exist (§13 Q2)
    bad = [] if i < len(trick.order) and p.seat == trick.order[i] else _out_of_turn(trick, i, p)
    if where is not None or memory.known:  # else nothing to find there
        bad += _seen_elsewhere(p, where, memory.known)
    hand = memory.known.get(p.seat)
    follows = i == 0 or p.effective_suit is trick.lead
    if seat.kind is Kind.VANCARDIAN and i > 0:
        hand = None  # she drew 2 before following: her row is the Vancardian engine's to check
        memory.known.pop(p.seat, None)
        memory.got[p.seat].append(trick.n)
    legal: bool | None = True
    if hand is not None:
        legal = _from_hand(trick, seat, p, hand, follows, memory, bad)
    elif not follows and not p.ignore_follow:
        legal = None
    if bad:
        legal = False
    if i > 0 and not follows and not p.ignore_follow and p.suit is None and legal is not False \
            and seat.kind is not Kind.SIDEKICK:  # a sidekick's void is only of its face-up pair: checked above
        voids = memory.voids[p.seat]
        voids[:] = [v for v in voids if v.suit is not trick.lead] + [Void(trick.lead, trick.n)]
        found.voids.append((p.seat, trick.lead))
    if not bad and memory.voids[p.seat]:
        _revokes(trick, p, memory, found)
    if where is None:
        memory.seen[p.card] = (trick.n, p.seat)
    return PlayResult(p.seat, p, legal, _why(trick, i, p, legal, follows, bad), tuple(bad))


def _out_of_turn(trick: _Trick, i: int, p: Play) -> list[Violation]:
    n, order = trick.n, trick.order
    if i >= len(order):
        return [Violation(RuleId.ORDER, Said(N_("trick {n} already has a card from every seat: {seat}'s {card} is "
                                                "one too many"), n=n, seat=p.seat, card=p.card))]
    if p.seat != order[i]:
        return [Violation(RuleId.ORDER, Said(N_("play {i} of trick {n} is {seat}'s, clockwise from {leader}: not "
                                                "{played}'s"), i=i + 1, n=n, seat=order[i], leader=trick.leader,
                                             played=p.seat))]
    return []


def _seen_elsewhere(p: Play, where: tuple[int, str] | None, known: dict[str, KnownHand]) -> list[Violation]:
    """OS-UNIQUE: the card was played before this round, or is known in another hand."""
    if where is not None:
        return [Violation(RuleId.UNIQUE, Said(N_("{card} was already played by {seat} in trick {n}: each card "
                                                 "exists once"), card=p.card, seat=where[1], n=where[0]))]
    if p.card.extra_love:
        return []
    holder = next((s for s, h in known.items() if s != p.seat and p.card in h.cards), None)
    if holder is None:
        return []
    return [Violation(RuleId.UNIQUE, Said(N_("{card} is a known card in {holder}'s hand: each card exists once"),
                                          card=p.card, holder=holder))]


def _from_hand(trick: _Trick, seat: Seat, p: Play, hand: KnownHand, follows: bool, memory: Memory,
               bad: list[Violation]) -> bool | None:
    """The play against the hand known: the card is in it (or may be one of its unknown cards), and it follows
    suit when it can; a sidekick then turns up its next card. Problems go to `bad`; None: an unknown card may be
    of the lead suit, so the play cannot be judged."""
    rnd, lead = trick.rnd, trick.lead
    sidekick = seat.kind is Kind.SIDEKICK
    if p.card in hand.cards:
        hand.cards.remove(p.card)
    elif hand.unknown > 0:
        hand.unknown -= 1
    else:
        shown = " ".join(str(c) for c in hand.cards) or Said(N_("none"))
        missing = RuleId.SK_PLAY if sidekick else RuleId.SOLO_ROWS if rnd.mode is Mode.SOLO else RuleId.UNIQUE
        where_hand = N_("{card} is not one of {seat}'s face-up cards ({shown})") if sidekick else \
            N_("{card} is not one of {seat}'s row ({shown})") if rnd.mode is Mode.SOLO else \
            N_("{card} is not one of {seat}'s known cards ({shown})")
        bad.append(Violation(missing, Said(where_hand, card=p.card, seat=p.seat, shown=shown)))
    legal: bool | None = True
    if not follows and not p.ignore_follow:
        holding = [c for c in hand.cards if c.suit is lead]
        if holding:
            bad.append(Violation(RuleId.SK_PLAY if sidekick else RuleId.FOLLOW, Said(
                N_("{seat} must follow {suit}: {seat} holds {holding}, so {card} may not be played"), seat=p.seat,
                suit=lead.word, holding=" ".join(str(c) for c in holding), card=p.card)))
        elif hand.unknown > 0:
            legal = None  # an unknown card may be of the lead suit
    if sidekick:
        _turn_up(trick.turned.get(p.seat), p, hand, memory, bad)
    return legal


def _turn_up(nxt: Card | None, p: Play, hand: KnownHand, memory: Memory, bad: list[Violation]) -> None:
    """A sidekick's play turns up its next face-down card: named (and then known, checked against the cards
    seen), or not (one more unknown card) while any is left."""
    if nxt is None:
        if hand.turns_left > 0:
            hand.turns_left -= 1
            hand.unknown += 1
        return
    prior = memory.seen.get(nxt)
    other = next((s for s, h in memory.known.items() if nxt in h.cards), None)
    if prior is not None or nxt == p.card:
        bad.append(Violation(RuleId.UNIQUE, Said(N_("{seat} turned up {card}, which was already played by {by} in "
                                                    "trick {n}"), seat=p.seat, card=nxt, by=prior[1], n=prior[0])
                             if prior else Said(N_("{seat} turned up {card}, which was already played"), seat=p.seat,
                                                card=nxt)))
    elif other is not None:
        bad.append(Violation(RuleId.UNIQUE, Said(N_("{seat} turned up {card}, a known card in {other}'s hand"),
                                                 seat=p.seat, card=nxt, other=other)))
    if hand.turns_left > 0:
        hand.turns_left -= 1
    hand.cards.append(nxt)


def _revokes(trick: _Trick, p: Play, memory: Memory, found: _Found) -> None:
    """OS-REVOKE: a card of a suit the seat showed out of in an earlier trick. Proven (a flag) when no card entered
    its hand in between, else only possible (a note); either way that void is settled."""
    n = trick.n
    for v in list(memory.voids[p.seat]):
        if v.suit is not p.card.suit or v.trick >= n:
            continue
        between = [r for r in memory.got[p.seat] if r is None or v.trick <= r <= n]
        if between:
            found.notes.append(Flag(RuleId.REVOKE, v.trick, p.seat, Said(
                N_("{seat} showed out of {suit} in trick {void} and played {card} in trick {n}, but a card entered "
                   "{seat}'s hand in between: a revoke is possible, not proven"), seat=p.seat, suit=v.suit.word,
                void=v.trick, card=p.card, n=n)))
        else:
            found.flags.append(Flag(RuleId.REVOKE, v.trick, p.seat, Said(
                N_("{seat} showed out of {suit} in trick {void} but played {card} in trick {n}, and no card entered "
                   "{seat}'s hand in between: revoke at trick {void}"), seat=p.seat, suit=v.suit.word, void=v.trick,
                card=p.card, n=n)))
        memory.voids[p.seat].remove(v)


def _why(trick: _Trick, i: int, p: Play, legal: bool | None, follows: bool, bad: list[Violation]) -> str:
    lead = trick.lead
    if legal is False:
        return joined([joined([str(b.rule), b.message], ": ") for b in bad])
    if legal is None:
        return _said(N_("{seat}'s hand is hidden: off suit records a void in {suit}"), p.seat, lead.word)
    if i == 0:
        return _said(N_("the leader may lead any card (OS-LEAD-ANY)"))
    if p.ignore_follow and not follows:
        return Said(N_("off suit under {by}: no void recorded"), by=p.by or Said(N_("an ability")))
    if follows:
        return _said(N_("follows {suit}"), "", lead.word)
    return _said(N_("{seat} holds no {suit}"), p.seat, lead.word)


_WHY: dict[tuple[str, str, str], Said] = {}  # the same few sentences for every play of a round: each made once


def _said(template: str, seat: str = "", suit: str = "") -> Said:
    """Said(template) with its seat and suit, the one made before when there is one (a Said is never changed)."""
    key = (template, seat, suit)
    found = _WHY.get(key)
    if found is None:
        values = {k: v for k, v in (("seat", seat), ("suit", suit)) if f"{{{k}}}" in template}
        if len(_WHY) >= 512:
            _WHY.clear()
        found = _WHY[key] = Said(template, **values)
    return found


def _won(trick: _Trick, entry: CardTrick, plays: tuple[Play, ...], index: int, out: tuple[PlayResult, ...],
         refusals: list[Violation], found: _Found) -> TrickResult:
    """The complete trick's winner: the best card (plays[index]), unless an ability named another; a winner stated
    otherwise is refused; a sidekick's trick is noted."""
    rnd, n, lead = trick.rnd, trick.n, trick.lead
    seating = rnd.seating
    best = plays[index]
    rule, why = reason(plays, as_led=rnd.choices.as_led, index=index)
    computed = best.seat
    override = _override(rnd, n)
    winner = computed
    if override is not None:
        winner = override[0]
        if winner != computed:
            why = Said(N_("{winner} wins by {source} (the cards gave {computed}'s {best})"), winner=winner,
                       source=override[1], computed=computed, best=best)
    elif entry.winner is not None and seating.seat(entry.winner).name != computed:
        refusals.append(Violation(rule, _not_winner(plays, seating.seat(entry.winner).name, best, lead)))
    notes = found.notes + ([_sidekick_won(seating, n, winner)] if seating.seat(winner).kind is Kind.SIDEKICK else [])
    winning_play = next((p for p in plays if p.seat == winner), best)
    return TrickResult(n, trick.leader, lead, out, winner, winning_play, why, rule, _next_leader(rnd, n, winner),
                       tuple(found.voids), tuple(found.flags), tuple(notes), tuple(refusals), True)


def _not_winner(plays: Sequence[Play], stated: str, best: Play, lead: Suit) -> str:
    """Why the stated winner did not win: "13sp is not love and not brains: 10br wins"."""
    theirs = next((p for p in plays if p.seat == stated), None)
    if theirs is None:
        return Said(N_("{stated} played no card in this trick: {seat}'s {best} wins"), stated=stated, seat=best.seat,
                    best=best)
    if theirs.effective_suit is not TRUMP and theirs.effective_suit is not lead:
        if lead is TRUMP:
            return Said(N_("{theirs} is not love: {best} wins"), theirs=theirs, best=best)
        return Said(N_("{theirs} is not love and not {suit}: {best} wins"), theirs=theirs, suit=lead.word, best=best)
    if best.effective_suit is TRUMP and theirs.effective_suit is not TRUMP:
        return Said(N_("{best} is love, and love is trump: {best} wins over {theirs}"), best=best, theirs=theirs)
    if theirs.effective_value == best.effective_value:
        return Said(N_("{theirs} ties with {best}, and the first played wins: {best} wins"), theirs=theirs, best=best)
    return Said(N_("{theirs} is lower than {best}: {best} wins"), theirs=theirs, best=best)
