"""The round referee: tricks as the table played them, checked from public facts only (ORIGIN_STORY.md §2,
§3.3–§3.5).

A round is the seats, the dealer, the alignments, the known hands (sidekicks' face-up cards, solo rows), the
tricks (card by card, or only the winner) and the abilities entered as their effects. The referee never
stops the table: every trick is computed as played, and what breaks a rule is a Violation on that trick
(refused, overridable unless it says otherwise), a flag (a proven revoke) or a note (a possible one)."""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from fractions import Fraction

from ..decision import Accepted, Rejected, Violation
from ..errors import InputError
from .cards import TRUMP, Card, Suit, format_value, parse_card, parse_value
from .rules import Choices, RuleId
from .setup import HAND, TRICKS, Kind, Mode, Seating
from .trick import Play, lead_suit, legal_follows, reason, winning


class Alignment(StrEnum):
    HERO = "hero"
    VILLAIN = "villain"


def parse_alignment(text: str) -> Alignment:
    word = text.strip().casefold()
    for a in Alignment:
        if word in (a.value, a.value[0]):
            return a
    raise InputError(f"{text.strip()!r} is not an alignment: hero or villain")


# --- abilities, entered as what they did (§3.5) -------------------------------------------------------------

class EffectKind(StrEnum):
    VP = "vp"
    STAMINA = "stamina"
    REMOVE = "remove"
    AS = "as"  # a card's effective value or suit
    IGNORE_FOLLOW = "ignore follow"
    LEAD = "lead"
    ALIGN = "align"
    PASS = "pass"
    DRAW = "draw"
    DISCARD = "discard"
    EXCHANGE = "exchange"
    REVEAL = "reveal"
    REWIND = "rewind"
    WINNER = "winner"
    NOTE = "note"


@dataclass(frozen=True, slots=True)
class Effect:
    kind: EffectKind
    amount: int = 0
    card: Card | None = None
    value: Fraction | None = None
    suit: Suit | None = None
    target: str = ""
    cards: tuple[Card, ...] = ()
    text: str = ""

    def __str__(self) -> str:
        k = self.kind
        if k in (EffectKind.VP, EffectKind.STAMINA):
            return f"{k.value} {self.amount:+d}"
        if k in (EffectKind.REMOVE, EffectKind.DRAW, EffectKind.DISCARD):
            return f"{k.value} {self.amount}"
        if k is EffectKind.AS:
            parts = [format_value(self.value)] if self.value is not None else []
            parts += [self.suit.value] if self.suit is not None else []
            return f"{self.card} as {' '.join(parts)}"
        if k in (EffectKind.LEAD, EffectKind.WINNER):
            return f"{k.value} {self.target}"
        if k is EffectKind.ALIGN:
            return f"align {self.text}"
        if k is EffectKind.PASS:
            return f"pass {self.amount} to {self.target}"
        if k is EffectKind.EXCHANGE:
            give = f" give {' '.join(str(c) for c in self.cards)}" if self.cards else ""
            return f"exchange with {self.target}{give}"
        if k is EffectKind.REVEAL:
            return "reveal " + " ".join(str(c) for c in self.cards)
        if k is EffectKind.NOTE:
            return f'note "{self.text}"'
        return k.value


_SUIT_WORDS = {"br": Suit.BRAINS, "brains": Suit.BRAINS, "lv": Suit.LOVE, "love": Suit.LOVE,
               "sp": Suit.SPEED, "speed": Suit.SPEED, "st": Suit.STRENGTH, "strength": Suit.STRENGTH}
EFFECT_HELP = ("effects: vp +2, stamina +1, remove 1, 9br as 11, 9br as lv, ignore follow, lead bob, "
               "align villain, pass 2 to bob, draw 1, discard 1, exchange with bob give 3br, reveal 9br 3sp, "
               "rewind, winner bob, note \"…\"")


def parse_as(text: str) -> tuple[Fraction | None, Suit | None]:
    """`11`, `lv`, `11 sp`, `love`: what follows `as`."""
    value: Fraction | None = None
    suit: Suit | None = None
    for word in text.split():
        w = word.casefold()
        if w in _SUIT_WORDS and suit is None:
            suit = _SUIT_WORDS[w]
        elif value is None and re.fullmatch(r"-?\d{1,3}([.,]5|½)?", w):
            value = parse_value(w)
        else:
            raise InputError(f"{text.strip()!r} after 'as' is not a value or a suit: write e.g. '9br as 11', "
                             "'9br as lv' or '9br as 11 sp'")
    if value is None and suit is None:
        raise InputError("'as' needs a value or a suit, e.g. '9br as 11' or '9br as lv'")
    return value, suit


def parse_effect(text: str, *, solo: bool = False) -> Effect:
    """One effect as entered (§3.5), case-insensitive."""
    t = " ".join(text.strip().split())
    low = t.casefold()
    if m := re.fullmatch(r"(vp|stamina)\s*([+-]?\d{1,3})", low):
        return Effect(EffectKind(m.group(1)), amount=int(m.group(2)))
    if m := re.fullmatch(r"(remove|draw|discard)\s+(\d{1,2})", low):
        return Effect(EffectKind(m.group(1)), amount=int(m.group(2)))
    if low in ("ignore follow", "rewind"):
        return Effect(EffectKind(low))
    if m := re.fullmatch(r"(lead|winner)\s+(\S.*)", t, re.IGNORECASE):
        return Effect(EffectKind(m.group(1).casefold()), target=m.group(2).strip())
    if m := re.fullmatch(r"align\s+(\S+)", t, re.IGNORECASE):
        return Effect(EffectKind.ALIGN, text=parse_alignment(m.group(1)).value)
    if m := re.fullmatch(r"pass\s+(\d{1,2})\s+to\s+(\S.*)", t, re.IGNORECASE):
        return Effect(EffectKind.PASS, amount=int(m.group(1)), target=m.group(2).strip())
    if m := re.fullmatch(r"exchange\s+with\s+(.+?)(?:\s+give\s+(.+))?", t, re.IGNORECASE):
        give = tuple(parse_card(c, solo=solo) for c in _card_words(m.group(2) or ""))
        return Effect(EffectKind.EXCHANGE, target=m.group(1).strip(), cards=give, amount=max(1, len(give)))
    if m := re.fullmatch(r"reveal\s+(.+)", t, re.IGNORECASE):
        return Effect(EffectKind.REVEAL, cards=tuple(parse_card(c, solo=solo) for c in _card_words(m.group(1))))
    if m := re.fullmatch(r"note\s+(.*)", t, re.IGNORECASE | re.DOTALL):
        return Effect(EffectKind.NOTE, text=m.group(1).strip().strip('"“”'))
    if m := re.fullmatch(r"(.+?)\s+as\s+(.+)", t, re.IGNORECASE):
        value, suit = parse_as(m.group(2))
        return Effect(EffectKind.AS, card=parse_card(m.group(1), solo=solo), value=value, suit=suit)
    raise InputError(f"{t!r} is not an effect the companion understands; {EFFECT_HELP}")


def _card_words(text: str) -> list[str]:
    """`9br 3sp`, `9br, 3sp`, `9 brains 3 speed`: the cards in a list."""
    return re.findall(r"\d{1,2}(?:[.,]5|½)?\s*[a-zA-Z]+", text)


@dataclass(frozen=True, slots=True)
class Ability:
    """An ability use: who, which card (the source), and what it did. `trick` is the trick it was used in
    (None: at the end of the round, or when is not known)."""

    player: str
    source: str
    effects: tuple[Effect, ...]
    timing: str = ""
    trick: int | None = None


# --- the tricks as entered ----------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class CardTrick:
    """Plays from the leader in seat order. `turned`: a sidekick's card turned face up after its play.
    `winner`: the winner the table stated, checked against the cards."""

    plays: tuple[Play, ...]
    turned: tuple[tuple[str, Card], ...] = ()
    winner: str | None = None


@dataclass(frozen=True, slots=True)
class WinnerOnly:
    """The winners level: only who won (§1, level 2)."""

    winner: str


TrickEntry = CardTrick | WinnerOnly


@dataclass(frozen=True, slots=True)
class Surrender:
    """Solo: the round ended by surrender in `trick`; the leading Vancardian gains `vp` (OS-SOLO-SURRENDER)."""

    trick: int
    to: str
    vp: int


@dataclass(frozen=True, slots=True)
class RoundInput:
    seating: Seating
    dealer: str
    alignment: dict[str, Alignment]
    tricks: tuple[TrickEntry, ...] = ()
    abilities: tuple[Ability, ...] = ()
    hands: dict[str, tuple[Card, ...]] = field(default_factory=dict)  # sidekicks' face-up pairs, solo rows
    choices: Choices = Choices()
    round_no: int = 1
    revealed: tuple[Card, ...] = ()
    tricks_won: dict[str, int] = field(default_factory=dict)  # solo: before `tricks`
    surrender: Surrender | None = None

    @property
    def mode(self) -> Mode:
        return self.seating.mode


# --- what the referee answers -------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Flag:
    rule: RuleId
    trick: int
    seat: str
    sentence: str


@dataclass(frozen=True, slots=True)
class PlayResult:
    seat: str
    play: Play
    legal: bool | None  # None: the hand is hidden and the play is off suit
    why: str
    violations: tuple[Violation, ...] = ()


@dataclass(frozen=True, slots=True)
class TrickResult:
    n: int
    leader: str
    lead_suit: Suit | None
    plays: tuple[PlayResult, ...]
    winner: str | None
    winning_card: Play | None  # so far, for the trick in play
    reason: str
    rule: RuleId | None
    next_leader: str | None
    voids: tuple[tuple[str, Suit], ...]
    flags: tuple[Flag, ...]
    notes: tuple[Flag, ...]
    refusals: tuple[Violation, ...]  # the trick's own (leader, stated winner, count); plays carry theirs
    complete: bool
    rewound: bool = False
    winners_level: bool = False

    @property
    def violations(self) -> tuple[Violation, ...]:
        return self.refusals + tuple(v for p in self.plays for v in p.violations)

    @property
    def decision(self) -> Accepted[TrickResult] | Rejected:
        """The first broken rule as a Rejected, else the trick as the one accepted fact."""
        found = self.violations
        return Rejected(found[0]) if found else Accepted((self,))

    @property
    def counts(self) -> bool:
        return self.complete and not self.rewound


@dataclass(frozen=True, slots=True)
class AbilityRefusal:
    index: int  # in RoundInput.abilities
    violation: Violation


@dataclass(frozen=True, slots=True)
class RoundResult:
    input: RoundInput
    tricks: tuple[TrickResult, ...]
    tricks_won: dict[str, int]
    alignment: dict[str, Alignment]  # at the end of the round (abilities may change it)
    ability_vp: dict[str, tuple[tuple[str, int], ...]]
    refusals: tuple[AbilityRefusal, ...]
    next_leader: str | None  # who leads the next trick (None while a trick is in play)
    to_play: str | None  # who plays next in the trick in play
    finished: bool  # eight tricks counted (or a surrender)
    known: dict[str, tuple[tuple[Card, ...], int]] = field(default_factory=dict)  # seat → (cards, unknown)

    @property
    def in_play(self) -> TrickResult | None:
        last = self.tricks[-1] if self.tricks else None
        return last if last is not None and not last.complete else None

    @property
    def violations(self) -> tuple[Violation, ...]:
        return tuple(v for t in self.tricks for v in t.violations) + tuple(r.violation for r in self.refusals)

    @property
    def flags(self) -> tuple[Flag, ...]:
        return tuple(f for t in self.tricks for f in t.flags)


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


def _who(seating: Seating, name: str) -> str:
    return seating.seat(name).name


def _receipts(rnd: RoundInput) -> tuple[dict[str, list[int | None]], list[AbilityRefusal]]:
    """When cards entered each seat's hand by an ability (None: when is not known). And the refusals of
    abilities that target a sidekick (OS-SK-IMMUNE)."""
    seating = rnd.seating
    got: dict[str, list[int | None]] = {n: [] for n in seating.names}
    refused: list[AbilityRefusal] = []
    for i, ab in enumerate(rnd.abilities):
        player = seating.seat(ab.player)
        if player.kind is Kind.SIDEKICK:
            refused.append(AbilityRefusal(i, Violation(
                RuleId.SK_IMMUNE, f"{player.name} is a sidekick: sidekicks use no abilities ({ab.source})")))
            continue
        when = ab.trick
        end_of_round = ab.timing == "end-of-round" and ab.trick is None  # after the last trick: proves nothing
        for e in ab.effects:
            if e.kind in (EffectKind.LEAD, EffectKind.PASS, EffectKind.EXCHANGE):
                target = seating.seat(e.target)
                if target.kind is Kind.SIDEKICK:
                    refused.append(AbilityRefusal(i, Violation(
                        RuleId.SK_IMMUNE, f"{ab.source}: {e} targets {target.name}, and abilities ignore "
                        "sidekicks")))
                    continue
                if end_of_round:
                    continue
                if e.kind is EffectKind.PASS:
                    got[target.name].append(when)
                elif e.kind is EffectKind.EXCHANGE:
                    got[target.name].append(when)
                    got[player.name].append(when)
            elif e.kind is EffectKind.DRAW and not end_of_round:
                got[player.name].append(when)
    return got, refused


def _move_cards(rnd: RoundInput, n: int, known: dict[str, _Known], done: set[int]) -> None:
    """Cards moved by abilities of trick n (or of an unknown time, taken as the start of the round), as far
    as they touch known hands: a received card is one more unknown card; a known hand that gives away cards
    nobody named is no longer known (its follows are not checked any more)."""
    seating = rnd.seating
    for i, ab in enumerate(rnd.abilities):
        if i in done or (ab.trick is not None and ab.trick != n) or (ab.trick is None and ab.timing ==
                                                                     "end-of-round"):
            continue
        done.add(i)
        if not seating.has(ab.player) or seating.seat(ab.player).kind is Kind.SIDEKICK:
            continue
        me = seating.seat(ab.player).name
        for e in ab.effects:
            target = seating.seat(e.target).name if e.target and seating.has(e.target) else ""
            if target and seating.seat(target).kind is Kind.SIDEKICK:
                continue  # refused: OS-SK-IMMUNE
            if e.kind is EffectKind.DRAW and me in known:
                known[me].unknown += e.amount
            elif e.kind in (EffectKind.DISCARD, EffectKind.PASS):
                known.pop(me, None)
                if e.kind is EffectKind.PASS and target in known:
                    known[target].unknown += e.amount
            elif e.kind is EffectKind.EXCHANGE and target:
                given = list(e.cards)
                if me in known:
                    if all(c in known[me].cards for c in given) and given:
                        for c in given:
                            known[me].cards.remove(c)
                        known[me].unknown += len(given)
                    else:
                        known.pop(me)
                known.pop(target, None)  # the card it gave back was not named


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


def referee(rnd: RoundInput) -> RoundResult:
    """Every trick of the round, refereed in order; then who won how many tricks and the end alignments."""
    seating = rnd.seating
    names = seating.names
    got, refused = _receipts(rnd)
    seen: dict[Card, tuple[int, str]] = {}
    known: dict[str, _Known] = {}
    for seat_name, cards in rnd.hands.items():
        s = seating.seat(seat_name)
        known[s.name] = _Known(list(cards), turns_left=HAND - len(cards) if s.kind is Kind.SIDEKICK else 0)
    voids: dict[str, list[_Void]] = {n: [] for n in names}
    won: dict[str, int] = {n: 0 for n in seating.scorers}
    for k, v in rnd.tricks_won.items():
        won[_who(seating, k)] = v
    alignment = {n: Alignment.HERO for n in seating.scorers}
    alignment.update({_who(seating, k): v for k, v in rnd.alignment.items()})
    revealed = set(rnd.revealed)
    rewinds = {ab.trick for ab in rnd.abilities for e in ab.effects
               if e.kind is EffectKind.REWIND and ab.trick is not None}
    results: list[TrickResult] = []
    leader = seating.first_leader(rnd.dealer)
    moved: set[int] = set()
    n = 0
    for index, entry in enumerate(rnd.tricks):
        n += 1
        _move_cards(rnd, n, known, moved)
        last_entry = index == len(rnd.tricks) - 1
        rewound = n in rewinds
        if rewound:
            rewinds.discard(n)
        for ab in rnd.abilities:  # reveals made in this trick count from now on (solo)
            if ab.trick == n:
                revealed.update(c for e in ab.effects if e.kind is EffectKind.REVEAL for c in e.cards)
        if isinstance(entry, WinnerOnly):
            result = _winner_only(rnd, n, entry, leader)
            known.clear()  # every seat played a card nobody named: no hand is known any more
        else:
            result = _card_trick(rnd, n, entry, leader, last_entry, seen, known, voids, got, revealed, alignment)
        if rewound and result.complete:
            result = replace(result, rewound=True, notes=result.notes + (Flag(
                RuleId.TRICKS_8, n, result.leader, f"trick {n} was rewound: its cards went back to the hands "
                "and the trick is played again; only the replay counts"),), next_leader=result.leader, winner=None)
            for p in result.plays:
                seen.pop(p.play.card, None)
                got[p.seat].append(n)
                if p.seat in known:
                    known[p.seat].cards.append(p.play.card)
            n -= 1
        elif result.complete:
            w = result.winner
            assert w is not None
            if seating.seat(w).scores:
                won[w] = won.get(w, 0) + 1
            counted = sum(1 for t in results if t.counts) + 1
            if counted > TRICKS:
                result = replace(result, refusals=result.refusals + (Violation(
                    RuleId.TRICKS_8, f"trick {n}: a round has {TRICKS} tricks unless an ability changes it"),))
        results.append(result)
        if result.next_leader is not None:
            leader = result.next_leader
    for ab in sorted((a for a in rnd.abilities), key=lambda a: (a.trick is None, a.trick or 0)):
        for e in ab.effects:
            if e.kind is EffectKind.ALIGN and seating.has(ab.player) and seating.seat(ab.player).scores:
                alignment[seating.seat(ab.player).name] = Alignment(e.text)
    if rnd.mode is Mode.SOLO:
        for s in seating.seats:
            if s.kind is Kind.VANCARDIAN:
                alignment[s.name] = Alignment.HERO  # OS-SOLO-HERO
    vp: dict[str, list[tuple[str, int]]] = {n: [] for n in seating.scorers}
    for i, ab in enumerate(rnd.abilities):
        if any(r.index == i and r.violation.rule is RuleId.SK_IMMUNE and seating.seat(ab.player).kind is
               Kind.SIDEKICK for r in refused):
            continue
        for e in ab.effects:
            if e.kind is EffectKind.VP:
                vp[seating.seat(ab.player).name].append((ab.source, e.amount))
    counted = sum(1 for t in results if t.counts)
    in_play = results[-1] if results and not results[-1].complete else None
    to_play = None
    if in_play is not None:
        order = seating.order_from(in_play.leader)
        to_play = order[len(in_play.plays)] if len(in_play.plays) < len(order) else None
    return RoundResult(rnd, tuple(results), won, alignment, {k: tuple(v) for k, v in vp.items()},
                       tuple(refused), leader if in_play is None else None, to_play,
                       counted >= TRICKS or rnd.surrender is not None,
                       {k: (tuple(h.cards), h.unknown) for k, h in known.items()})


def legal_options(result: RoundResult) -> tuple[str | None, tuple[Card, ...] | None]:
    """Who plays next, and which of that seat's cards are legal when its hand is wholly known (a sidekick's
    face-up cards, a solo row); None when the hand is hidden or partly unknown (the table screen dims the
    others)."""
    seat = result.to_play if result.in_play is not None else result.next_leader
    if seat is None or seat not in result.known:
        return seat, None
    cards, unknown = result.known[seat]
    if unknown:
        return seat, None
    in_play = result.in_play
    lead = None if in_play is None else in_play.lead_suit
    return seat, tuple(legal_follows(cards, lead))


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


# --- the view the table may see (§2, D15) ------------------------------------------------------------------

def public_view(result: RoundResult) -> dict[str, object]:
    """What the table and the phone may show during the round: the trick in play, tricks won per seat, voids;
    a finished trick's cards only as the `show_tricks` choice allows (the book: never; OS-FACE-DOWN)."""
    show = result.input.choices.show_tricks
    finished = [t for t in result.tricks if t.complete]
    visible = finished if show == "all" else finished[-1:] if show == "last" else []
    in_play = result.in_play
    return {
        "trick": None if in_play is None else in_play.n,
        "in_play": [] if in_play is None else [[p.seat, str(p.play.card)] for p in in_play.plays],
        "to_play": result.to_play,
        "next_leader": result.next_leader,
        "tricks_won": dict(result.tricks_won),
        "voids": [[s, suit.value] for t in result.tricks for s, suit in t.voids],
        "past_tricks": [{"n": t.n, "winner": t.winner, "cards": [[p.seat, str(p.play.card)] for p in t.plays]}
                        for t in visible],
    }


def round_summary(result: RoundResult) -> list[dict[str, object]]:
    """After the round, every trick is shown (the round summary screen)."""
    return [{"n": t.n, "winner": t.winner, "cards": [[p.seat, str(p.play.card)] for p in t.plays]}
            for t in result.tricks]


def villain_status(alignment: Alignment, tricks: int) -> str:
    """"clean" or "caught, 2 tricks" for a villain; "" for a hero."""
    if alignment is Alignment.HERO:
        return ""
    return "clean" if tricks == 0 else f"caught, {tricks} trick{'s' if tricks != 1 else ''}"
