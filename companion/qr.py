"""QR codes drawn with text, dark modules black on white so the code scans on a dark or a light terminal alike:
two rows of modules per line of half blocks (square modules), or, where that does not fit, two rows and two
columns per character of quadrant blocks (modules twice as tall as wide, which phone scanners read as a code
seen at an angle)."""
from __future__ import annotations

import os
import sys

import qrcode
from qrcode.exceptions import DataOverflowError

from scoring.i18n import _

Matrix = list[list[bool]]  # True: a dark module; the quiet zone included
QUIET = 2  # modules of white border: enough for phone scanners, and it saves terminal width
HALVES = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}
# (top left, top right, bottom left, bottom right) -> the quadrant block drawing them
QUADRANTS = dict(zip(
    [(tl, tr, bl, br) for br in (False, True) for bl in (False, True) for tr in (False, True) for tl in (False, True)],
    " ▘▝▀▖▌▞▛▗▚▐▜▄▙▟█", strict=False))


def matrix(text: str) -> Matrix:
    """The smallest QR code (error correction L) holding `text`."""
    code = qrcode.QRCode(border=QUIET, error_correction=qrcode.constants.ERROR_CORRECT_L)
    code.add_data(text.encode("utf-8"))
    try:
        code.make(fit=True)
    except DataOverflowError:
        raise ValueError(_("{n} characters do not fit in a QR code").format(n=len(text))) from None
    return [list(row) for row in code.get_matrix()]


def lines(modules: Matrix, compact: bool = False) -> list[str]:
    """The code as text, to be shown black on white: half blocks, or quadrant blocks if `compact`."""
    rows = _even(modules)
    if not compact:
        return ["".join(HALVES[pair] for pair in zip(rows[i], rows[i + 1], strict=False))
                for i in range(0, len(rows), 2)]
    columns = _even([list(column) for column in zip(*rows, strict=False)])
    rows = [list(row) for row in zip(*columns, strict=False)]
    return ["".join(QUADRANTS[rows[i][j], rows[i][j + 1], rows[i + 1][j], rows[i + 1][j + 1]]
                    for j in range(0, len(rows[i]), 2)) for i in range(0, len(rows), 2)]


def _even(rows: Matrix) -> Matrix:
    """One more row of white when the count is odd, so the rows pair up."""
    return rows + ([[False] * len(rows[0])] if len(rows) % 2 else [])


def smallest(modules: Matrix) -> int:
    """The columns (and lines) the compact drawing needs: the least room any drawing of this code takes."""
    return (len(modules) + 1) // 2


def drawing(modules: Matrix, width: int, height: int) -> list[str] | None:
    """The code drawn to fit `width` × `height` cells: square modules if they fit, else compact; None if neither."""
    for compact in (False, True):
        drawn = lines(modules, compact)
        if len(drawn[0]) <= width and len(drawn) <= height:
            return drawn
    return None


def ansi(text_lines: list[str]) -> str:
    """For a terminal: each line black on bright white, then the colours reset."""
    return "\n".join(f"\x1b[30;107m{line}\x1b[0m" for line in text_lines)


def printed(text_lines: list[str]) -> str:
    """The code as standard output takes it: black on white (`ansi`) where that is a terminal and NO_COLOR is not
    set (no-color.org), else plain lines (a file, a pipe), whose drawn characters are the dark modules."""
    return ansi(text_lines) if sys.stdout.isatty() and not os.environ.get("NO_COLOR") else "\n".join(text_lines)
