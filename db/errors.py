"""What the store reports: every fault as a sentence saying what is wrong, and what would fix it in terms of the
database (the command line and the app add their own ways to do it)."""
from __future__ import annotations

from scoring.errors import InputError
from scoring.i18n import _


class StoreError(InputError):
    """The database cannot do what was asked; nothing was changed."""


class UnknownRecord(StoreError):
    """No such game or player (`kind`), so a front end can say where to find the right one."""

    def __init__(self, message: str, *, kind: str) -> None:
        super().__init__(message)
        self.kind = kind


class Unusable(StoreError):
    """This database cannot be used as it is (not a database, read-only): another one may be chosen."""


class DamagedGame(StoreError):
    """A game whose stored rows cannot be read (changed outside the companion, a disk fault): named by its id, so
    the rest of the history stays usable."""

    def __init__(self, game: int, why: str) -> None:
        super().__init__(_("game {game} is damaged in the database ({why}); the other games are not affected. "
                           "Restore a backup copy of the database to get it back").format(game=game, why=why))
        self.game, self.why = game, why


class LogLost(StoreError):
    """The write-ahead log was deleted or replaced under the companion (db/wal.py): it stops recording."""


class Conflict(StoreError):
    """The database refused a write that collides with what is stored (a unique or foreign key)."""


class StaleGame(StoreError):
    """Someone else recorded an action in this game first: reload and look before acting again."""

    def __init__(self, game: int, expected: int, found: int) -> None:
        super().__init__(_("game {game} changed elsewhere (now at event {found}, this window saw {expected}): "
                           "reloaded; look at the table and record the action again if it still applies").format(
                               game=game, found=found, expected=expected))
        self.game, self.expected, self.found = game, expected, found


def numbers(what: str, **values: object) -> None:
    """A StoreError naming the first of `values` that is not a number (None passes: a figure not known): the figures
    the store keeps beside the results (totals, ratings) read back from a row damaged outside the companion."""
    for name, value in values.items():
        if value is not None and (isinstance(value, bool) or not isinstance(value, int | float)):
            # TRANSLATORS: {what} names figures ("the skill ratings"); {name} is a field's id, {value} its value.
            raise StoreError(_("{what} kept in the database are damaged (a {name} of {value}); restore a backup "
                               "copy of the database").format(what=what, name=name, value=repr(value)))


def explain(exc: BaseException, where: str) -> StoreError:
    """A database driver's error as a StoreError a person can act on."""
    if isinstance(exc, UnicodeDecodeError):  # the driver could not even decode SQLite's message: a damaged schema
        return StoreError(_("{where} is damaged (its schema holds a name that is not UTF-8 text); restore a backup "
                            "copy (the companion keeps one beside the file before each upgrade)").format(where=where))
    text = str(getattr(exc, "orig", None) or exc)
    low = text.lower()
    if "file is not a database" in low or "not a database" in low:
        return Unusable(_("{where} is not a companion database (it is not SQLite at all); "
                          "choose another file for the database").format(where=where))
    if "database is locked" in low or "database table is locked" in low:
        return StoreError(_("{where} is locked by another program writing to it; "
                            "close the other program (or wait) and try again").format(where=where))
    if "disk is full" in low or "database or disk is full" in low or "no space" in low:
        return StoreError(_("the disk holding {where} is full: nothing was recorded; free some space "
                            "and try again").format(where=where))
    if "readonly" in low or "read-only" in low or "permission denied" in low:
        return Unusable(_("{where} cannot be written (read-only file or folder): nothing was recorded; "
                          "make it writable or choose another place for the database").format(where=where))
    if "unable to open" in low:
        return StoreError(_("cannot open {where}: check that the folder exists and is writable").format(where=where))
    if "malformed" in low or "corrupt" in low:
        return StoreError(_("{where} is damaged ({text}); restore a backup copy (the companion keeps one "
                            "beside the file before each upgrade)").format(where=where, text=text))
    if "could not connect" in low or "connection refused" in low or "connection" in low and "failed" in low:
        return StoreError(_("cannot reach the database server for {where}: {why}").format(
            where=where, why=text.splitlines()[0]))
    return StoreError(_("{where}: the database refused the operation ({why})").format(
        where=where, why=text.splitlines()[0] if text else repr(exc)))
