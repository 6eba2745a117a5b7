"""The round referee (ORIGIN_STORY.md §2, §3.3–§3.5): a round's tricks in order, checked from public facts.

A round is the seats, the dealer, the alignments, the known hands (sidekicks' face-up cards, solo rows), the
tricks (card by card, or only the winner) and the abilities entered as their effects. The referee never
stops the table: every trick is computed as played, and what breaks a rule is a Violation on that trick
(refused, overridable unless it says otherwise), a flag (a proven revoke) or a note (a possible one)."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..decision import Violation
from ..i18n import N_
from ..said import Said
from .referee_trick import KnownHand, Memory, TrickInPlay, card_trick, one_more_play, winner_only
from .round_input import Alignment, CardTrick, EffectKind, RoundInput, TrickEntry, WinnerOnly
from .round_result import AbilityRefusal, Flag, RoundResult, TrickResult
from .rules import RuleId
from .setup import HAND, TRICKS, Kind, Mode, Seating


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
                RuleId.SK_IMMUNE, Said(N_("{seat} is a sidekick: sidekicks use no abilities ({source})"),
                                       seat=player.name, source=ab.source))))
            continue
        when = ab.trick
        end_of_round = ab.timing == "end-of-round" and ab.trick is None  # after the last trick: proves nothing
        for e in ab.effects:
            if e.kind in (EffectKind.LEAD, EffectKind.PASS, EffectKind.EXCHANGE):
                target = seating.seat(e.target)
                if target.kind is Kind.SIDEKICK:
                    refused.append(AbilityRefusal(i, Violation(
                        RuleId.SK_IMMUNE, Said(N_("{source}: {effect} targets {seat}, and abilities ignore sidekicks"),
                                               source=ab.source, effect=e, seat=target.name))))
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


def _move_cards(rnd: RoundInput, n: int, known: dict[str, KnownHand], done: set[int]) -> None:
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


def referee(rnd: RoundInput) -> RoundResult:
    """Every trick of the round, refereed in order; then who won how many tricks and the end alignments."""
    refereeing = Refereeing(rnd)
    for index, entry in enumerate(rnd.tricks):
        refereeing.add(entry, last_entry=index == len(rnd.tricks) - 1)
    return refereeing.result(rnd)


def referee_last(rnd: RoundInput) -> RoundResult:
    """The same result as `referee(rnd)`, its last trick entry refereed against the earlier ones as refereed before:
    a play is decided without refereeing the round's finished tricks again."""
    if not rnd.tricks:
        return referee(rnd)
    return _refereed_last(rnd).result(rnd)


def last_trick(rnd: RoundInput) -> TrickResult:
    """`referee_last(rnd).tricks[-1]` (`rnd` has a trick entry): a play decided needs its trick's result only."""
    return _refereed_last(rnd).results[-1]


def _refereed_last(rnd: RoundInput) -> Refereeing:
    upto = len(rnd.tricks) - 1
    last = rnd.tricks[-1]
    key = _key(rnd, upto)
    refereeing = _carried_on(key, last) if isinstance(last, CardTrick) else None
    if refereeing is None:
        refereeing = _settled(rnd, upto, key).copy()
        refereeing.add(last, last_entry=True)
    if isinstance(last, CardTrick):
        if refereeing.results[-1].complete:
            # the play that completes a trick: its round so far is the next play's settled tricks
            _keep(_COMPLETED, key, (rnd, last, refereeing))
        elif refereeing.in_play is not None:
            _keep(_IN_PLAY, (key, len(last.plays)), (rnd, last, refereeing))
    return refereeing


def _carried_on(key: tuple[object, ...], last: CardTrick) -> Refereeing | None:
    """The round through `last`, the trick in play after the entries `key` names, from that round refereed through
    the trick one play shorter (the decision of the play before), or through the same trick (the same state asked
    again): None when neither was kept."""
    kept = _IN_PLAY.get((key, len(last.plays)))
    if kept is not None and kept[1] == last:
        return kept[2]
    kept = _IN_PLAY.get((key, len(last.plays) - 1))
    if kept is None:
        return None
    return kept[2].with_play(last)


# Recent rounds' finished tricks, refereed (never added to), each with the round input it read. The entries and the
# known hands are known by identity (a state's next play keeps them: hashing their cards on every play cost more
# than refereeing a trick); kept alive here with their input, their ids are not reused meanwhile.
_SETTLED: dict[tuple[object, ...], tuple[RoundInput, Refereeing]] = {}
# A trick completed by a play decided (referee_last), after the entries before it (by identity), with the round
# refereed through it: the state's copy of that trick (made from the events) is another object, equal to it, and
# the next play finds the round refereed through it here instead of refereeing that trick again.
_COMPLETED: dict[tuple[object, ...], tuple[RoundInput, TrickEntry, Refereeing]] = {}
# The trick in play, refereed (a play decided), by the entries before it (by identity) and its number of plays: the
# next play, or the same state asked again, finds it by value and reads only its own card (Refereeing.with_play).
_IN_PLAY: dict[tuple[tuple[object, ...], int], tuple[RoundInput, CardTrick, Refereeing]] = {}
_KEPT = 64


def _keep(cache: dict[Any, Any], key: tuple[object, ...], value: Any) -> None:
    if len(cache) >= _KEPT:
        cache.clear()
    cache[key] = value


def _key(rnd: RoundInput, upto: int) -> tuple[object, ...]:
    """What `rnd` refereed through its first `upto` trick entries depends on (the entries, the abilities, the
    seating and the rules choices by identity: a game's state keeps the same ones from play to play)."""
    return (id(rnd.seating), rnd.dealer, tuple(rnd.alignment.items()), tuple(map(id, rnd.tricks[:upto])),
            tuple(map(id, rnd.abilities)), tuple((seat, id(cards)) for seat, cards in rnd.hands.items()),
            id(rnd.choices), rnd.round_no, rnd.revealed, tuple(rnd.tricks_won.items()), rnd.surrender)


def _settled(rnd: RoundInput, upto: int, key: tuple[object, ...] | None = None) -> Refereeing:
    """`rnd` refereed through its first `upto` trick entries (all before the last: complete), from the longest
    such prefix refereed before (`key`: `_key(rnd, upto)`, when known)."""
    key = _key(rnd, upto) if key is None else key
    kept = _SETTLED.get(key)
    if kept is not None:
        return kept[1]
    completed = _COMPLETED.get(_key(rnd, upto - 1)) if upto else None
    if completed is not None and completed[1] == rnd.tricks[upto - 1]:
        found = completed[2]
    elif upto == 0:
        found = Refereeing(rnd)
    else:
        found = _settled(rnd, upto - 1).copy()
        found.add(rnd.tricks[upto - 1], last_entry=False)
    _keep(_SETTLED, key, (rnd, found))
    return found


class Refereeing:
    """A round refereed trick by trick: what the referee carries from one trick to the next. `copy` lets a round
    refereed so far take one more trick (a play being decided) without refereeing its earlier tricks again; the
    tricks are read by the same code either way."""

    def __init__(self, rnd: RoundInput) -> None:
        self.rnd = rnd
        seating = rnd.seating
        got, self.refused = _receipts(rnd)
        known: dict[str, KnownHand] = {}
        for seat_name, cards in rnd.hands.items():
            s = seating.seat(seat_name)
            known[s.name] = KnownHand(list(cards), turns_left=HAND - len(cards) if s.kind is Kind.SIDEKICK else 0)
        self.memory = Memory({}, known, {n: [] for n in seating.names}, got)
        self.won: dict[str, int] = {n: 0 for n in seating.scorers}
        for k, v in rnd.tricks_won.items():
            self.won[_who(seating, k)] = v
        self.alignment = {n: Alignment.HERO for n in seating.scorers}
        self.alignment.update({_who(seating, k): v for k, v in rnd.alignment.items()})
        self.revealed = set(rnd.revealed)
        self.rewinds = {ab.trick for ab in rnd.abilities for e in ab.effects
                        if e.kind is EffectKind.REWIND and ab.trick is not None}
        self.results: list[TrickResult] = []
        self.leader = seating.first_leader(rnd.dealer)
        self.moved: set[int] = set()
        self.n = 0
        self.rewound = False  # trick n is rewound (an ability in it)
        self.in_play: TrickInPlay | None = None  # trick n so far, while it is in play and can take one more play

    def copy(self) -> Refereeing:
        """An independent copy: adding a trick to it leaves this one as it is."""
        out = object.__new__(Refereeing)
        m = self.memory
        out.rnd, out.refused, out.leader, out.n = self.rnd, self.refused, self.leader, self.n
        out.memory = Memory(dict(m.seen), {k: KnownHand(list(h.cards), h.unknown, h.turns_left)
                                           for k, h in m.known.items()},
                            {k: list(v) for k, v in m.voids.items()}, {k: list(v) for k, v in m.got.items()})
        out.won, out.alignment, out.revealed = dict(self.won), dict(self.alignment), set(self.revealed)
        out.rewinds, out.results, out.moved = set(self.rewinds), list(self.results), set(self.moved)
        out.rewound, out.in_play = self.rewound, self.in_play  # a TrickInPlay is never changed
        return out

    def add(self, entry: TrickEntry, last_entry: bool) -> TrickResult:
        """The round's next trick entry, refereed against the tricks before it (only the last may be incomplete)."""
        rnd, memory = self.rnd, self.memory
        self.n += 1
        n = self.n
        _move_cards(rnd, n, memory.known, self.moved)
        self.rewound = n in self.rewinds
        if self.rewound:
            self.rewinds.discard(n)
        for ab in rnd.abilities:  # reveals made in this trick count from now on (solo)
            if ab.trick == n:
                self.revealed.update(c for e in ab.effects if e.kind is EffectKind.REVEAL for c in e.cards)
        if isinstance(entry, WinnerOnly):
            result = winner_only(rnd, n, entry, self.leader)
            memory.known.clear()  # every seat played a card nobody named: no hand is known any more
            self.in_play = None
        else:
            result, self.in_play = card_trick(rnd, n, entry, self.leader, last_entry, memory, self.revealed,
                                              self.alignment)
        return self._ended(result)

    def with_play(self, entry: CardTrick) -> Refereeing | None:
        """This round with the trick in play (the last added, incomplete) as `entry`, which is it and one more play:
        the same as adding `entry` instead of it, only the new play read (`one_more_play`). A new Refereeing, sharing
        with this one what a play leaves as it is (this one is not changed); None when the trick in play cannot be
        carried on so (or is rewound: its plays would go back to the hands)."""
        if self.in_play is None or self.rewound:
            return None
        found = one_more_play(self.rnd, self.in_play, entry, self.memory)
        if found is None:
            return None
        result, in_play, memory = found
        out = object.__new__(Refereeing)
        out.rnd, out.refused, out.leader, out.n, out.memory = self.rnd, self.refused, self.leader, self.n, memory
        out.won, out.alignment, out.revealed, out.rewinds = dict(self.won), self.alignment, self.revealed, self.rewinds
        out.results, out.moved, out.rewound, out.in_play = self.results[:-1], self.moved, False, in_play
        out._ended(result)
        return out

    def _ended(self, result: TrickResult) -> TrickResult:
        """The trick just refereed (trick self.n) counted: rewound, won, or still in play."""
        rnd, memory = self.rnd, self.memory
        seating, known, got = rnd.seating, memory.known, memory.got
        n = self.n
        if self.rewound and result.complete:
            result = replace(result, rewound=True, notes=result.notes + (Flag(
                RuleId.TRICKS_8, n, result.leader, Said(N_("trick {n} was rewound: its cards went back to the hands "
                                                           "and the trick is played again; only the replay counts"),
                                                        n=n)),), next_leader=result.leader, winner=None)
            for p in result.plays:
                memory.seen.pop(p.play.card, None)
                got[p.seat].append(n)
                if p.seat in known:
                    known[p.seat].cards.append(p.play.card)
            self.n -= 1
        elif result.complete:
            w = result.winner
            assert w is not None
            if seating.seat(w).scores:
                self.won[w] = self.won.get(w, 0) + 1
            before = rnd.played_before  # solo: the tricks played before the file's
            counted = before + sum(1 for t in self.results if t.counts) + 1
            if counted > TRICKS:
                said = Said(N_("trick {n}: a round has {tricks} tricks unless an ability changes it ({before} played "
                               "before the file's)"), n=counted, tricks=TRICKS, before=before) if before else \
                    Said(N_("trick {n}: a round has {tricks} tricks unless an ability changes it"), n=counted,
                         tricks=TRICKS)
                result = replace(result, refusals=result.refusals + (Violation(RuleId.TRICKS_8, said),))
        self.results.append(result)
        if result.next_leader is not None:
            self.leader = result.next_leader
        return result

    def result(self, rnd: RoundInput) -> RoundResult:
        """The round as refereed so far (`rnd`: the round whose tricks were added): who won how many tricks, the
        end alignments and VP."""
        seating, refused, results, leader = rnd.seating, self.refused, self.results, self.leader
        alignment = dict(self.alignment)
        for ab in sorted(rnd.abilities, key=lambda a: (a.trick is None, a.trick or 0)) if rnd.abilities else ():
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
        counted = len([t for t in results if t.counts])
        in_play = results[-1] if results and not results[-1].complete else None
        to_play = None
        if in_play is not None:
            order = seating.order_from(in_play.leader)
            to_play = order[len(in_play.plays)] if len(in_play.plays) < len(order) else None
        return RoundResult(rnd, tuple(results), dict(self.won), alignment, {k: tuple(v) for k, v in vp.items()},
                           tuple(refused), leader if in_play is None else None, to_play,
                           rnd.played_before + counted >= TRICKS or rnd.surrender is not None,
                           {k: (tuple(h.cards), h.unknown) for k, h in self.memory.known.items()})
