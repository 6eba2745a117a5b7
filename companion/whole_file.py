"""A file written in one step: a temporary file beside it, flushed to the disk, then renamed over it. A full disk
or any other fault leaves what was there before (never an empty or half-written file, no temporary file left)."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

from scoring.errors import InputError


def write_whole(path: Path, text: str, what: str = "the file") -> None:
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise InputError(f"no folder {folder} to write the file in", where=str(path))
    temporary: str | None = None
    try:
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".part")
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except OSError as exc:
        if temporary is not None:
            Path(temporary).unlink(missing_ok=True)
        raise InputError(f"cannot write {what}: {exc.strerror}", where=str(path)) from None
