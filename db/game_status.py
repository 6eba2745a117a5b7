"""A game's status moves by one transition at a time, checked inside the write that makes it: playing -> finished
(its results written), finished -> playing (an undo takes its last action back), playing -> abandoned. An
abandoned game takes nothing more, and a finished one only an undo: a window still open on it is refused whatever
it does, and of a finish and an abandon racing, the second is refused."""
from __future__ import annotations

from sqlalchemy import Connection, select

from scoring.i18n import N_, _

from .errors import StoreError, UnknownRecord
from .models import Game

PLAYING, FINISHED, ABANDONED = "playing", "finished", "abandoned"
MOVES = {(PLAYING, FINISHED), (FINISHED, PLAYING), (PLAYING, ABANDONED)}
# TRANSLATORS: a game's status, as in "game 3 is finished"; a game (partita, Partie) is feminine in it and de.
SHOWN = {PLAYING: N_("playing"), FINISHED: N_("finished"), ABANDONED: N_("abandoned")}


def locked(c: Connection, game_id: int) -> str:
    """The game's status, its row locked until the write ends: PostgreSQL makes a racing write wait, then read
    what the first committed (SQLite's IMMEDIATE transaction already holds the whole file)."""
    found = c.execute(select(Game.status).where(Game.id == game_id).with_for_update()).scalar()
    if found is None:
        raise UnknownRecord(_("no game {game}").format(game=game_id), kind="game")
    return str(found)


def check_move(game_id: int, status: str, to: str) -> None:
    """Refuse a change of status the game cannot make from where it is (nothing is written)."""
    if (status, to) in MOVES:
        return
    if to == FINISHED == status:
        raise StoreError(_("game {game} is already finished").format(game=game_id))
    if status == ABANDONED and to != ABANDONED:
        raise StoreError(abandoned(game_id))
    raise StoreError(_("game {game} is {status}: only a game in progress can be {to}").format(
        game=game_id, status=_(SHOWN.get(status, status)), to=_(SHOWN.get(to, to))))


def takes(status: str, undoing: bool) -> bool:
    """Whether a game in `status` takes an action: in play, or finished for an undo (which reopens it)."""
    return status == PLAYING or status == FINISHED and undoing


def check_action(game_id: int, status: str, undoing: bool) -> None:
    """Refuse an action on a game that takes none: abandoned, or finished (where only an undo reopens it)."""
    if takes(status, undoing):
        return
    if status == ABANDONED:
        raise StoreError(abandoned(game_id))
    raise StoreError(_("game {game} was finished (in another window, perhaps): nothing was recorded; "
                       "undo its last action to reopen it").format(game=game_id))


def abandoned(game_id: int) -> str:
    return _("game {game} was abandoned (in another window, perhaps): nothing was recorded. Its log is kept "
             "(`companion replay {game}` shows it), but it is not played on").format(game=game_id)
