"""One trick refereed (§3.3, §3.4): leader, plays against known hands, voids, revokes, the winner."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..decision import Violation
from ..errors import InputError
from .cards import TRUMP, Card, Suit
from .round_input import Ability, Alignment, CardTrick, Effect, EffectKind, RoundInput, WinnerOnly
from .round_result import Flag, PlayResult, TrickResult
from .rules import RuleId
from .setup import Kind, Mode, Seating
from .trick import Play, lead_suit, reason, winning


@dataclass(slots=True)
class _Known:
    """What is known of a hand: some cards, and how many more are unknown."""

    cards: list[Card]
    unknown: int = 0
    turns_left: int = 0  # a sidekick's face-down cards still to turn up


@dataclass(frozen=True, slots=True)
class _Void:
    suit: Suit
    trick: int


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
            raise InputError(f"{ab.source}: {e} names {e.card}, which was not played in trick {n}",
                             where=f"abilities ({ab.player}, {ab.source})")
        p = out[at[0]]
        out[at[0]] = replace(p, value=e.value if e.value is not None else p.value,
                             suit=e.suit if e.suit is not None else p.suit, by=ab.source)
    for ab, _e in _effects_at(rnd, n, EffectKind.IGNORE_FOLLOW):
        at = [i for i, p in enumerate(out) if p.seat.casefold() == ab.player.casefold()]
        if not at and lenient:
            continue
        if not at:
            raise InputError(f"{ab.source}: 'ignore follow' for {ab.player}, who did not play in trick {n}",
                             where=f"abilities ({ab.player}, {ab.source})")
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
        return Violation(RuleId.SK_NOLEAD, f"{actual} is a sidekick and never leads: {expected} leads trick {n}")
    if n == 1:
        return Violation(RuleId.LEAD_FIRST, f"the seat to the dealer's left leads trick 1: {expected}, "
                         f"not {actual}")
    return Violation(RuleId.LEAD_WINNER, f"the winner of the last trick leads: {expected} leads trick {n}, "
                     f"not {actual}")


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


def _winner_only(rnd: RoundInput, n: int, entry: WinnerOnly, leader: str) -> TrickResult:
    seating = rnd.seating
    override = _override(rnd, n)
    winner = override[0] if override else seating.seat(entry.winner).name
    notes: tuple[Flag, ...] = ()
    if seating.seat(winner).kind is Kind.SIDEKICK:
        notes = (Flag(RuleId.SK_TRICK, n, winner, f"{winner} won trick {n}: its cards are discarded and count "
                      f"for nobody; {seating.leads_for(winner)} leads next"),)
    return TrickResult(n, leader, None, (), winner, None, f"{winner} won (winners level)", None,
                       _next_leader(rnd, n, winner), (), (), notes, (), True, winners_level=True)


def _card_trick(rnd: RoundInput, n: int, entry: CardTrick, expected: str, last_entry: bool,
                seen: dict[Card, tuple[int, str]], known: dict[str, _Known], voids: dict[str, list[_Void]],
                got: dict[str, list[int | None]], revealed: set[Card],
                alignment: dict[str, Alignment]) -> TrickResult:
    seating = rnd.seating
    if not entry.plays:
        raise InputError(f"trick {n} has no plays: give the cards from the leader, or only its winner")
    plays = tuple(replace(p, seat=seating.seat(p.seat).name) for p in entry.plays)
    rewind_pair = any(ab.trick == n and e.kind is EffectKind.REWIND for ab in rnd.abilities for e in ab.effects)
    plays = _modified(rnd, n, plays, revealed, alignment, lenient=rewind_pair)
    complete = len(plays) >= len(seating.seats)
    if not complete and not last_entry:
        raise InputError(f"trick {n} has {len(plays)} plays of {len(seating.seats)}: only the last trick may be "
                         "incomplete (the trick in play)")
    actual = plays[0].seat
    refusals: list[Violation] = []
    lv = _leader_violation(seating, n, actual, expected)
    if lv is not None:
        refusals.append(lv)
    order = seating.order_from(actual)
    lead = lead_suit(plays, as_led=rnd.choices.as_led)
    assert lead is not None
    turned = {seating.seat(s).name: c for s, c in entry.turned}
    out: list[PlayResult] = []
    new_voids: list[tuple[str, Suit]] = []
    flags: list[Flag] = []
    notes: list[Flag] = []
    for i, p in enumerate(plays):
        seat = seating.seat(p.seat)
        bad: list[Violation] = []
        if i >= len(order):
            bad.append(Violation(RuleId.ORDER, f"trick {n} already has a card from every seat: {p.seat}'s "
                                 f"{p.card} is one too many"))
        elif p.seat != order[i]:
            bad.append(Violation(RuleId.ORDER, f"play {i + 1} of trick {n} is {order[i]}'s, clockwise from "
                                 f"{actual}: not {p.seat}'s"))
        where = None if p.card.extra_love else seen.get(p.card)  # two of each extra-love card exist (§13 Q2)
        if where is not None:
            bad.append(Violation(RuleId.UNIQUE, f"{p.card} was already played by {where[1]} in trick {where[0]}: "
                                 "each card exists once"))
        elif not p.card.extra_love:
            holder = next((s for s, h in known.items() if s != p.seat and p.card in h.cards), None)
            if holder is not None:
                bad.append(Violation(RuleId.UNIQUE, f"{p.card} is a known card in {holder}'s hand: each card "
                                     "exists once"))
        legal: bool | None = True
        hand = known.get(p.seat)
        follows = i == 0 or p.effective_suit is lead
        if seat.kind is Kind.VANCARDIAN and i > 0:
            hand = None  # she drew 2 before following: her row is the Vancardian engine's to check
            known.pop(p.seat, None)
            got[p.seat].append(n)
        if hand is not None:
            rule = RuleId.SK_PLAY if seat.kind is Kind.SIDEKICK else RuleId.FOLLOW
            where_hand = "face-up cards" if seat.kind is Kind.SIDEKICK else "row" if rnd.mode is Mode.SOLO \
                else "known cards"
            if p.card in hand.cards:
                hand.cards.remove(p.card)
            elif hand.unknown > 0:
                hand.unknown -= 1
            else:
                shown = " ".join(str(c) for c in hand.cards) or "none"
                missing = RuleId.SK_PLAY if seat.kind is Kind.SIDEKICK else \
                    RuleId.SOLO_ROWS if rnd.mode is Mode.SOLO else RuleId.UNIQUE
                bad.append(Violation(missing, f"{p.card} is not one of {p.seat}'s {where_hand} ({shown})"))
            if not follows and not p.ignore_follow:
                holding = [c for c in hand.cards if c.suit is lead]
                if holding:
                    bad.append(Violation(rule, f"{p.seat} must follow {lead.word}: {p.seat} holds "
                                         f"{' '.join(str(c) for c in holding)}, so {p.card} may not be played"))
                elif hand.unknown > 0:
                    legal = None  # an unknown card may be of the lead suit
            if seat.kind is Kind.SIDEKICK:
                nxt = turned.get(p.seat)
                if nxt is not None:
                    prior = seen.get(nxt)
                    other = next((s for s, h in known.items() if nxt in h.cards), None)
                    if prior is not None or nxt == p.card:
                        bad.append(Violation(RuleId.UNIQUE, f"{p.seat} turned up {nxt}, which was already "
                                             f"played{f' by {prior[1]} in trick {prior[0]}' if prior else ''}"))
                    elif other is not None:
                        bad.append(Violation(RuleId.UNIQUE, f"{p.seat} turned up {nxt}, a known card in "
                                             f"{other}'s hand"))
                    if hand.turns_left > 0:
                        hand.turns_left -= 1
                    hand.cards.append(nxt)
                elif hand.turns_left > 0:
                    hand.turns_left -= 1
                    hand.unknown += 1
        elif not follows and not p.ignore_follow:
            legal = None
        if bad:
            legal = False
        if i > 0 and not follows and not p.ignore_follow and p.suit is None and legal is not False \
                and seat.kind is not Kind.SIDEKICK:  # a sidekick's void is only of its face-up pair: checked above
            vs = voids[p.seat]
            vs[:] = [v for v in vs if v.suit is not lead] + [_Void(lead, n)]
            new_voids.append((p.seat, lead))
        for v in list(voids[p.seat]):
            if v.suit is p.card.suit and v.trick < n and not bad:
                between = [r for r in got[p.seat] if r is None or v.trick <= r <= n]
                if between:
                    notes.append(Flag(RuleId.REVOKE, v.trick, p.seat, f"{p.seat} showed out of {v.suit.word} in "
                                      f"trick {v.trick} and played {p.card} in trick {n}, but a card entered "
                                      f"{p.seat}'s hand in between: a revoke is possible, not proven"))
                else:
                    flags.append(Flag(RuleId.REVOKE, v.trick, p.seat, f"{p.seat} showed out of {v.suit.word} in "
                                      f"trick {v.trick} but played {p.card} in trick {n}, and no card entered "
                                      f"{p.seat}'s hand in between: revoke at trick {v.trick}"))
                voids[p.seat].remove(v)
        if legal is False:
            why = "; ".join(str(b) for b in bad)
        elif legal is None:
            why = f"{p.seat}'s hand is hidden: off suit records a void in {lead.word}"
        elif i == 0:
            why = "the leader may lead any card (OS-LEAD-ANY)"
        elif p.ignore_follow and not follows:
            why = f"off suit under {p.by or 'an ability'}: no void recorded"
        elif follows:
            why = f"follows {lead.word}"
        else:
            why = f"{p.seat} holds no {lead.word}"
        out.append(PlayResult(p.seat, p, legal, why, tuple(bad)))
        if where is None:
            seen[p.card] = (n, p.seat)
    index = winning(plays, as_led=rnd.choices.as_led)
    assert index is not None
    best = plays[index]
    if not complete:
        return TrickResult(n, actual, lead, tuple(out), None, best, "", None, None, tuple(new_voids),
                           tuple(flags), tuple(notes), tuple(refusals), False)
    rule, why = reason(plays, as_led=rnd.choices.as_led)
    computed = best.seat
    override = _override(rnd, n)
    winner = computed
    if override is not None:
        winner = override[0]
        if winner != computed:
            why = f"{winner} wins by {override[1]} (the cards gave {computed}'s {best})"
    elif entry.winner is not None and seating.seat(entry.winner).name != computed:
        stated = seating.seat(entry.winner).name
        refusals.append(Violation(rule, _not_winner(plays, stated, best, lead)))
    if seating.seat(winner).kind is Kind.SIDEKICK:
        notes.append(Flag(RuleId.SK_TRICK, n, winner, f"{winner} won trick {n}: its cards are discarded and "
                          f"count for nobody; {seating.leads_for(winner)} leads next"))
    winning_play = next((p for p in plays if p.seat == winner), best)
    return TrickResult(n, actual, lead, tuple(out), winner, winning_play, why, rule, _next_leader(rnd, n, winner),
                       tuple(new_voids), tuple(flags), tuple(notes), tuple(refusals), True)


def _not_winner(plays: Sequence[Play], stated: str, best: Play, lead: Suit) -> str:
    """Why the stated winner did not win: "13sp is not love and not brains: 10br wins"."""
    theirs = next((p for p in plays if p.seat == stated), None)
    if theirs is None:
        return f"{stated} played no card in this trick: {best.seat}'s {best} wins"
    if theirs.effective_suit is not TRUMP and theirs.effective_suit is not lead:
        what = "not love" if lead is TRUMP else f"not love and not {lead.word}"
        return f"{theirs} is {what}: {best} wins"
    if best.effective_suit is TRUMP and theirs.effective_suit is not TRUMP:
        return f"{best} is love, and love is trump: {best} wins over {theirs}"
    if theirs.effective_value == best.effective_value:
        return f"{theirs} ties with {best}, and the first played wins: {best} wins"
    return f"{theirs} is lower than {best}: {best} wins"
