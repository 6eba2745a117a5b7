"""What must hold in every state reached from an Origin Story log (replays and simulations), as sentences."""
from __future__ import annotations

from collections import Counter

from ..i18n import _
from .cards import DECK, EXTRA_LOVE
from .referee import referee
from .setup import TRICKS, Kind
from .sheet import VILLAIN_CLEAN_VP
from .state import GameState

ALL_CARDS = Counter(DECK + EXTRA_LOVE)


def conservation(state: GameState) -> list[str]:
    """Solo: each of the 52 cards and the extra-love cards is in exactly one place."""
    if state.piles is None:
        return []
    places = state.piles.places()
    seen = Counter(c for cards in places.values() for c in cards)
    problems = []
    for card in sorted(seen - ALL_CARDS):
        where = [p for p, cards in places.items() if card in cards]
        problems.append(_("{card} is in {n} places at once ({places})").format(
            card=card, n=seen[card], places=", ".join(where)) if seen[card] > 1
                        else _("{card} is in {place} but should not exist").format(card=card, place=where[0]))
    for card in sorted((ALL_CARDS - seen).elements()):
        problems.append(_("{card} is nowhere").format(card=card))
    return problems


def stamina(state: GameState) -> list[str]:
    """Stamina is never negative; what is charged never exceeds what is held; once the round is over (scored and
    the dealer token passed) every charge is back in its owner's supply."""
    problems = []
    for player, held in state.stamina:
        if held < 0:
            problems.append(_("{player} holds {n} stamina: stamina is never negative").format(player=player, n=held))
        charged = state.charged(player)
        if charged > held:
            problems.append(_("{player} has {charged} stamina charged but holds only {held}").format(
                player=player, charged=charged, held=held))
    for player, source, n in state.charges:
        if n < 0:
            problems.append(_("{player}'s {card} has {n} stamina on it").format(player=player, card=source, n=n))
    r = state.round
    if r is not None and r.scored is not None and state.dealer != r.dealer and state.charges:
        left = ", ".join(_("{player}'s {card} ({n})").format(player=p, card=s, n=n) for p, s, n in state.charges)
        problems.append(_("round {n} is over but stamina is still charged: {left}").format(n=r.number, left=left))
    return problems


def audit(state: GameState) -> list[str]:
    """The broken invariants; empty when the state is sound."""
    problems = conservation(state) + stamina(state)
    for r in state.rounds:
        last = {n: (w, lead) for n, w, lead in r.winners}
        done = len(last)
        kinds = {s.name: s.kind for s in state.seating.seats}
        sidekick = sum(1 for w, _l in last.values() if kinds.get(w) is Kind.SIDEKICK)
        won = sum(n for seat, n in r.won().items() if kinds.get(seat) is not Kind.SIDEKICK)
        if won > TRICKS:
            problems.append(_("round {n}: {won} tricks won, more than {tricks}").format(n=r.number, won=won,
                                                                                       tricks=TRICKS))
        if won != done - sidekick:
            problems.append(_("round {n}: {won} tricks won but {done} finished, {sidekick} by sidekicks").format(
                n=r.number, won=won, done=done, sidekick=sidekick))
        if r is state.round and r.scored is None and r.entries:
            try:
                refereed = [t for t in referee(state.round_input()).tricks if t.counts]
            except ValueError as exc:  # InputError: the log holds what the referee cannot read
                problems.append(_("round {n}: the tricks cannot be refereed: {problem}").format(n=r.number,
                                                                                              problem=exc))
                refereed = []
            # the play that ends a trick and its os.TrickWon are two events of one action: one may lag
            if len(last) not in (len(refereed), len(refereed) - 1) and not problems:
                problems.append(_("round {n}: {won} tricks are recorded as won, but the plays finish {played}")
                                .format(n=r.number, won=len(last), played=len(refereed)))
            for t in refereed:
                if t.n not in last:
                    continue
                played = {p.seat for p in t.plays}
                if played and last[t.n][0] not in played:
                    problems.append(_("round {n}, trick {trick}: {seat} won it without playing to it").format(
                        n=r.number, trick=t.n, seat=last[t.n][0]))
                elif last[t.n][0] != t.winner:
                    problems.append(_("round {n}, trick {trick}: {seat} is recorded as the winner, but the cards "
                                      "give {winner}").format(n=r.number, trick=t.n, seat=last[t.n][0],
                                                              winner=t.winner))
        stored = {seat: (a, total) for seat, a, total in r.scores}
        for line in r.scored or ():
            vp, total = stored.get(line.player, (line.alignment_vp, line.round_vp))
            if line.alignment.value == "hero" and vp != line.tricks:
                problems.append(_("round {n}: {player}, hero, scored {vp} VP for {tricks} tricks").format(
                    n=r.number, player=line.player, vp=vp, tricks=line.tricks))
            if line.alignment.value == "villain" and vp not in ((0,) if line.tricks else (VILLAIN_CLEAN_VP,)):
                problems.append(_("round {n}: {player}, villain with {tricks} tricks, scored {vp} VP").format(
                    n=r.number, player=line.player, tricks=line.tricks, vp=vp))
            if total != vp + sum(x for _s, x in line.abilities) + line.surrender_vp:
                problems.append(_("round {n}: {player}'s round total {total} is not its VP lines' sum").format(
                    n=r.number, player=line.player, total=total))
            if line.tricks != r.won().get(line.player, 0):
                problems.append(_("round {n}: {player} scored {tricks} tricks but won {won}").format(
                    n=r.number, player=line.player, tricks=line.tricks, won=r.won().get(line.player, 0)))
    if state.ended is not None:
        totals = state.totals()
        for seat, vp, _rank in state.ended.totals:
            if state.choices.vp_floor == "none" and totals.get(seat) != vp:
                problems.append(_("{seat}'s final {vp} VP is not the sum of the rounds ({sum})").format(
                    seat=seat, vp=vp, sum=totals.get(seat)))
    return problems
