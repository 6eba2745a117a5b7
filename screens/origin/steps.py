"""The round stepper's checklist and question as they read on screen (`stepper_view`), for the step the engine
says is due (scoring/origin/stepper.py: `due`, for whom). `charged`: the table said it is done charging (the charge
step is optional, so it stays open until then); `aligned`: the alignments typed so far, kept hidden until all are
in."""
from __future__ import annotations

from collections.abc import Mapping

from scoring.origin.setup import Kind, Mode
from scoring.origin.state import GameState
from scoring.origin.stepper import Due, due, in_round, players

from .stepper import DONE, NOW, SKIPPED, TODO, StepItem, StepperView

LINES_HELP = "replace 2, add 4.5, move 1, or none"


def _prompt(state: GameState, now: Due) -> tuple[str, str, bool]:
    """(question, placeholder, masked) for the step due."""
    r = state.round
    n = r.number if r is not None else 1
    solo_app = state.mode is Mode.SOLO and state.deck == "app"
    if now.step == "dealer":
        return "Who deals first? A name, or 'lot' for the app to draw one.", "e.g. Ann, or lot", False
    if now.step == "deal":
        if state.mode is Mode.DUO:
            sks = [s.name for s in state.seating.seats if s.kind is Kind.SIDEKICK]
            return (f"Deal 8 cards to everyone; flip 2 of each sidekick's. Type them: {sks[0]}'s two, then "
                    f"{sks[1]}'s.", "e.g. 7br 12sp, 3st 9lv", False)
        if solo_app:
            return "Enter: the app deals your 8 cards, face up.", "Enter deals", False
        return "Deal yourself 8 cards, face up: type them.", "e.g. 7br 10br 13sp 2lv 4st 9br 1sp 6st", False
    if now.step == "event":
        if state.mode is Mode.SOLO:
            return ("Round 3's event: look at the top Vancardian card's lightning colour, draw the event deck of "
                    "that colour, and type the event's name.", "the event's name", False)
        return "Round 3's event: the dealer reveals one. Type its name.", "the event's name", False
    if now.step == "stamina":
        return "Enter: each player takes 1 stamina.", "Enter confirms", False
    if now.step == "story":  # each player their own, all at once: asked one by one from the dealer's left
        return (f"{now.player}'s story card: everyone draws 3, places 1 over slot {n} and discards 2. Which one did "
                f"{now.player} place?", "the story card's name (tab completes)", False)
    if now.step == "superhero":
        return (f"{now.player}: reveal one of your two superhero cards (discard the other). Which one?",
                "the superhero card's name", False)
    if now.step == "charge":
        return ("Charges, one per line: who, the card, the stamina (costs involving others first, clockwise from "
                "the dealer's left). Enter alone when everyone is done.", "e.g. ann Monologuing 2", False)
    if now.step == "align":
        hidden = "" if state.mode is Mode.SOLO else (" Everyone chooses in secret, revealed together: pass the "
                                                     f"keyboard to {now.player} (hidden as typed).")
        return f"{now.player}'s alignment: h (hero) or v (villain).{hidden}", "h or v", True
    if now.step == "rows":
        if solo_app:
            return (f"Draw round {n}'s Vancardian card and type its line for round {n} ({LINES_HELP}): the app "
                    "deals both rows and applies it.", "e.g. replace 2", False)
        return (f"Deal Automaton and Factoryon 8 cards each, in rows; draw round {n}'s Vancardian card. Type: "
                "its line | Automaton's row | Factoryon's row | the cards drawn for it.",
                "replace 2 | 9br 3sp … | 4lv 10br … | 8st 4br", False)
    return "", "", False


def stepper_view(game_id: int, state: GameState, charged: bool, aligned: Mapping[str, str]) -> StepperView:
    r = state.round
    now = due(state, charged, aligned)
    if r is None:
        return StepperView(game_id, "Before round 1", (StepItem("First dealer", NOW),), *_prompt(state, now)[:2])
    n = r.number
    order = ["deal", "event", "stamina", "story", "superhero", "charge", "align"]
    if state.mode is Mode.SOLO:
        order.append("rows")
    position = order.index(now.step) if now.step in order else len(order)
    labels = {"deal": "Deal 8 cards each", "event": "Event (round 3)", "stamina": "Stamina +1 each",
              "story": f"Story card over slot {n}", "superhero": "Superhero revealed (round 5)",
              "charge": "Charge abilities", "align": "Alignments, revealed together",
              "rows": "Vancardians' rows and round card"}
    if state.mode is Mode.SOLO:
        labels["align"] = "Your alignment"
        labels["deal"] = "Your 8 cards, face up"
    items = []
    for i, key in enumerate(order):
        if not in_round(key, n):
            items.append(StepItem(labels[key], SKIPPED, "not this round"))
            continue
        status = DONE if i < position else NOW if i == position else TODO
        items.append(StepItem(labels[key], status, _detail(state, key) if status == DONE else ""))
    if now.step == "align" and aligned:
        items[order.index("align")] = StepItem(labels["align"], NOW, f"{len(aligned)} of {len(players(state))} in")
    question, placeholder, masked = _prompt(state, now)
    lead = state.seating.first_leader(r.dealer)
    items.append(StepItem(f"Trick 1: {lead} leads", TODO))
    return StepperView(game_id, f"Round {n} · {r.dealer} deals", tuple(items), question, placeholder, masked,
                       _info(state, now), _words(state, now))


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
        return ", ".join(f"{p} {n} on {s}" for p, s, n in state.charges) or "none"
    if key == "deal" and state.mode is Mode.DUO:
        return " · ".join(f"{s}: {' '.join(map(str, cards))}" for s, cards in r.hands)
    return ""


def _info(state: GameState, now: Due) -> str:
    out = []
    r = state.round
    if state.mode is Mode.SOLO and r is not None and dict(r.hands).get(state.you):
        out.append(f"Your cards: {' '.join(map(str, dict(r.hands)[state.you]))}")  # face up, in front of you
    if now.step in ("charge", "story", "superhero", "stamina"):
        out.append("Stamina: " + " · ".join(f"{p} {state.held(p) - state.charged(p)} free, {state.charged(p)} "
                                            "charged" for p in players(state)))
    return "\n".join(out)


def _words(state: GameState, now: Due) -> tuple[str, ...]:
    if now.step == "charge":
        return tuple(p.lower() for p in players(state))
    if now.step == "dealer":
        return (*state.seating.dealers, "lot")
    return ()
