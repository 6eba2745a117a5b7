"""The round stepper's checklist and question as they read on screen (`stepper_view`), for the step the engine
says is due (scoring/origin/stepper.py: `due`, for whom). `charged`: the table said it is done charging (the charge
step is optional, so it stays open until then); `aligned`: the alignments typed so far, kept hidden until all are
in."""
from __future__ import annotations

from collections.abc import Mapping

from scoring.i18n import N_, _
from scoring.origin.setup import Kind, Mode
from scoring.origin.state import GameState
from scoring.origin.stepper import Due, due, in_round, players

from .stepper import DONE, NOW, SKIPPED, TODO, StepItem, StepperView

# TRANSLATORS: the Vancardian card's lines as typed (replace, add, move, none): the words stay in English.
LINES_HELP = N_("replace 2, add 4.5, move 1, or none")


def _prompt(state: GameState, now: Due) -> tuple[str, str, bool]:
    """(question, placeholder, masked) for the step due."""
    r = state.round
    n = r.number if r is not None else 1
    solo_app = state.mode is Mode.SOLO and state.deck == "app"
    if now.step == "dealer":
        # TRANSLATORS: 'lot' is the word typed: it stays in English.
        return _("Who deals first? A name, or 'lot' for the app to draw one."), _("e.g. Ann, or lot"), False
    if now.step == "deal":
        if state.mode is Mode.DUO:
            sks = [s.name for s in state.seating.seats if s.kind is Kind.SIDEKICK]
            return (_("Deal 8 cards to everyone; flip 2 of each sidekick's. Type them: {first}'s two, then "
                      "{second}'s.").format(first=sks[0], second=sks[1]), _("e.g. {cards}").format(
                        cards="7br 12sp, 3st 9lv"), False)
        if solo_app:
            return _("Enter: the app deals your 8 cards, face up."), _("Enter deals"), False
        return (_("Deal yourself 8 cards, face up: type them."),
                _("e.g. {cards}").format(cards="7br 10br 13sp 2lv 4st 9br 1sp 6st"), False)
    if now.step == "event":
        if state.mode is Mode.SOLO:
            return (_("Round 3's event: look at the top Vancardian card's lightning colour, draw the event deck of "
                      "that colour, and type the event's name."), _("the event's name"), False)
        return _("Round 3's event: the dealer reveals one. Type its name."), _("the event's name"), False
    if now.step == "stamina":
        return _("Enter: each player takes 1 stamina."), _("Enter confirms"), False
    if now.step == "story":  # each player their own, all at once: asked one by one from the dealer's left
        return (_("{player}'s story card: everyone draws 3, places 1 over slot {n} and discards 2. Which one did "
                  "{player} place?").format(player=now.player, n=n), _("the story card's name (tab completes)"),
                False)
    if now.step == "superhero":
        return (_("{player}: reveal one of your two superhero cards (discard the other). Which one?").format(
                    player=now.player), _("the superhero card's name"), False)
    if now.step == "charge":
        return (_("Charges, one per line: who, the card, the stamina (costs involving others first, clockwise from "
                  "the dealer's left). Enter alone when everyone is done."),
                _("e.g. {line}").format(line="ann Monologuing 2"), False)
    if now.step == "align":
        if state.mode is Mode.SOLO:
            # TRANSLATORS: h and v are the letters typed (hero, villain): they stay as they are.
            return _("{player}'s alignment: h (hero) or v (villain).").format(player=now.player), _("h or v"), True
        return (_("{player}'s alignment: h (hero) or v (villain). Everyone chooses in secret, revealed together: pass "
                  "the keyboard to {player} (hidden as typed).").format(player=now.player), _("h or v"), True)
    if now.step == "rows":
        if solo_app:
            return (_("Draw round {n}'s Vancardian card and type its line for round {n} ({lines}): the app deals "
                      "both rows and applies it.").format(n=n, lines=_(LINES_HELP)),
                    _("e.g. {line}").format(line="replace 2"), False)
        # TRANSLATORS: the placeholder under it is the line as typed: its words (replace) stay in English.
        return (_("Deal Automaton and Factoryon 8 cards each, in rows; draw round {n}'s Vancardian card. Type: its "
                  "line | Automaton's row | Factoryon's row | the cards drawn for it.").format(n=n),
                "replace 2 | 9br 3sp … | 4lv 10br … | 8st 4br", False)
    return "", "", False


def stepper_view(game_id: int, state: GameState, charged: bool, aligned: Mapping[str, str]) -> StepperView:
    r = state.round
    now = due(state, charged, aligned)
    if r is None:
        return StepperView(game_id, _("Before round 1"), (StepItem(_("First dealer"), NOW),), *_prompt(state, now)[:2])
    n = r.number
    order = ["deal", "event", "stamina", "story", "superhero", "charge", "align"]
    if state.mode is Mode.SOLO:
        order.append("rows")
    position = order.index(now.step) if now.step in order else len(order)
    labels = {"deal": _("Deal 8 cards each"), "event": _("Event (round 3)"), "stamina": _("Stamina +1 each"),
              "story": _("Story card over slot {n}").format(n=n), "superhero": _("Superhero revealed (round 5)"),
              "charge": _("Charge abilities"), "align": _("Alignments, revealed together"),
              "rows": _("Vancardians' rows and round card")}
    if state.mode is Mode.SOLO:
        labels["align"] = _("Your alignment")
        labels["deal"] = _("Your 8 cards, face up")
    items = []
    for i, key in enumerate(order):
        if not in_round(key, n):
            items.append(StepItem(labels[key], SKIPPED, _("not this round")))
            continue
        status = DONE if i < position else NOW if i == position else TODO
        items.append(StepItem(labels[key], status, _detail(state, key) if status == DONE else ""))
    if now.step == "align" and aligned:
        # TRANSLATORS: the alignments typed so far, of how many (kept hidden until all are in).
        items[order.index("align")] = StepItem(labels["align"], NOW, _("{n} of {total} in").format(
            n=len(aligned), total=len(players(state))))
    question, placeholder, masked = _prompt(state, now)
    lead = state.seating.first_leader(r.dealer)
    items.append(StepItem(_("Trick {trick}: {who} leads").format(trick=1, who=lead), TODO))
    return StepperView(game_id, _("Round {n} · {dealer} deals").format(n=n, dealer=r.dealer), tuple(items), question,
                       placeholder, masked, _info(state, now), _words(state, now))


def _detail(state: GameState, key: str) -> str:
    r = state.round
    assert r is not None
    if key == "story":
        return ", ".join(f"{p}: {state.story_cards(p).get(r.number, '—')}" for p in players(state))
    if key == "superhero":
        return ", ".join(f"{p}: {state.superhero(p) or '—'}" for p in players(state))
    if key == "event" and r.event is not None:
        return r.event.name
    if key == "charge":
        return ", ".join(f"{p} " + _("{n} on {card}").format(n=n, card=s) for p, s, n in state.charges) or _("none")
    if key == "deal" and state.mode is Mode.DUO:
        return " · ".join(f"{s}: {' '.join(map(str, cards))}" for s, cards in r.hands)
    return ""


def _info(state: GameState, now: Due) -> str:
    out = []
    r = state.round
    if state.mode is Mode.SOLO and r is not None and dict(r.hands).get(state.you):
        out.append(_("Your cards: {cards}").format(cards=" ".join(map(str, dict(r.hands)[state.you]))))  # face up
    if now.step in ("charge", "story", "superhero", "stamina"):
        each = " · ".join(_("{player} {free} free, {charged} charged").format(
            player=p, free=state.held(p) - state.charged(p), charged=state.charged(p)) for p in players(state))
        out.append(_("Stamina: {each}").format(each=each))

    return "\n".join(out)


def _words(state: GameState, now: Due) -> tuple[str, ...]:
    if now.step == "charge":
        return tuple(p.lower() for p in players(state))
    if now.step == "dealer":
        return (*state.seating.dealers, "lot")
    return ()
