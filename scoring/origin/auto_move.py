"""What happens next by itself, as a function of the state: a round due starts (the companion starts rounds, its
stepper then says what to do), and in solo with the app deck the Vancardian to move moves (ORIGIN_STORY.md
§3.8). The app, the playouts and any other front end ask here; the shell only performs the move, drawing the app
deck's cards for a follow (randomness stays in the shell)."""
from __future__ import annotations

from . import commands as c
from .round_result import RoundResult
from .setup import Kind, Mode
from .state import GameState, Phase
from .view import next_seat


def vancardian_to_move(state: GameState, result: RoundResult | None = None) -> str | None:
    """Solo: the Vancardian whose turn it is in the trick (to lead or to follow), whichever deck; None otherwise.
    `result`: the round refereed, when the caller has it already."""
    if state.mode is not Mode.SOLO or state.phase is not Phase.PLAY:
        return None
    seat = next_seat(state, result)
    return seat if seat is not None and state.seating.seat(seat).kind is Kind.VANCARDIAN else None


def next_auto_move(state: GameState) -> c.Command | None:
    """The command that comes next without anyone typing it: StartRound when a round is due; solo with the app
    deck, VancardianPlays for the Vancardian to move (a follow's two cards are drawn by the shell); else None."""
    if state.phase is Phase.ROUND:
        return c.StartRound()
    if state.deck == "app" and vancardian_to_move(state) is not None:
        return c.VancardianPlays()
    return None
