"""The user's settings that are not game data: kept in a small JSON file in the user's configuration folder
(COMPANION_SETTINGS names another file), so they hold for every database.

`location`: the place the user plays at, sent with every play to BG Stats (without one, BG Stats records the
sending app as the place); set it once with `companion share --location NAME`. `theme`: the app's colours, as
last chosen in its command palette. `setups_under_way`: the games whose set-up is being entered as a game under
way, so that resuming one opens that form rather than the deal. `language`: the language of the screens and the
command line, as last chosen on Home (`--lang` and the locale come after it: companion/cli.py)."""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from scoring.errors import InputError
from scoring.i18n import LANGUAGES, _

ENV = "COMPANION_SETTINGS"
LONGEST_LOCATION = 60  # characters: a place's name, not a note (it travels in the QR code)


def path() -> Path:
    given = os.environ.get(ENV)
    if given:
        return Path(given)
    from platformdirs import user_config_dir  # only needed when no file is named

    return Path(user_config_dir("origami-companion")) / "settings.json"


def _read() -> dict[str, Any]:
    from scoring import jsontext  # not before the app's first paint (tests/companion/test_light_entry.py)

    where = path()
    try:
        data = jsontext.loads(where.read_text(encoding="utf-8"), "")
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as exc:  # InputError included: not JSON, nested too deeply
        raise InputError(_("the settings cannot be read ({problem}): fix or delete the file").format(problem=exc),
                         where=str(where)) from None
    if not isinstance(data, dict):
        raise InputError(_("the settings file is not a JSON object: fix or delete it"), where=str(where))
    return data


def location() -> str | None:
    """The place plays are sent from, or None when the user has not named one."""
    value = _read().get("location")
    if not isinstance(value, str) or not value.strip():
        return None
    if not _place(value):
        raise InputError(_("the place kept in the settings ({n} characters) is not a place's name: printable, at "
                           "most {most} characters; set it again with `companion share --location NAME`")
                         .format(n=len(value), most=LONGEST_LOCATION), where=str(path()))
    return value


def set_location(name: str) -> str | None:
    """Names the place (an empty name forgets it); the file is replaced whole, never half written."""
    name = " ".join(name.split())
    if not _place(name):
        raise InputError(_("a place's name: printable, at most {most} characters").format(most=LONGEST_LOCATION),
                         where="--location")
    _keep("location", name or None)
    return name or None


def _place(name: str) -> bool:
    """Whether `name` may be a place's name (it travels in every play sent, and in the QR code)."""
    return len(name) <= LONGEST_LOCATION and all(ch.isprintable() for ch in name)


def theme() -> str | None:
    """The app's theme as last chosen (None: the default, or a settings file that cannot be read)."""
    try:
        value = _read().get("theme")
    except InputError:  # said where the settings matter (a share); the app starts in its default colours
        return None
    return value if isinstance(value, str) else None


def set_theme(name: str) -> None:
    _keep("theme", name)


def language() -> str | None:
    """The language last chosen on Home (None: none chosen, one the companion no longer speaks, or a settings file
    that cannot be read: the locale decides)."""
    try:
        value = _read().get("language")
    except InputError:  # said where the settings matter (a share); the companion speaks as the locale says
        return None
    return value if isinstance(value, str) and value in LANGUAGES else None


def set_language(code: str) -> None:
    _keep("language", code)


KEPT_SETUPS = 50  # games whose set-up is being entered as a game under way (their ids), the latest kept


def setup_under_way(uid: str) -> bool:
    """The game's set-up was last being entered as a game under way (not dealt): resuming opens that form."""
    return uid in _setups()


def keep_setup_form(uid: str, under_way: bool) -> None:
    """Remember which form a game's set-up is being entered on (nothing when the settings cannot be written:
    resuming then opens the deal)."""
    before = _setups()
    kept = [u for u in before if u != uid] + ([uid] if under_way else [])
    if kept != before:
        try:
            _keep("setups_under_way", kept[-KEPT_SETUPS:])
        except InputError:
            return


def _setups() -> list[str]:
    try:
        value = _read().get("setups_under_way", [])
    except InputError:
        return []
    return [u for u in value if isinstance(u, str)] if isinstance(value, list) else []


def _keep(key: str, value: Any) -> None:
    """Set (or, with None, forget) one setting: the file is replaced whole, never half written."""
    data = _read()
    if value is None:
        data.pop(key, None)
    else:
        data[key] = value
    where = path()
    partial = where.with_name(f".{where.name}.partial")
    try:
        where.parent.mkdir(parents=True, exist_ok=True)
        partial.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        os.replace(partial, where)
    except OSError as exc:
        partial.unlink(missing_ok=True)
        raise InputError(_("cannot save the settings: {problem}").format(problem=exc.strerror),
                         where=str(where)) from None
