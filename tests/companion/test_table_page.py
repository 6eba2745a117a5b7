"""The phones' page as a template: what players type reaches it as text only, wherever it shows; the BG Stats
button is readable (WCAG contrast from the page's own CSS); the template ships in the package."""
from __future__ import annotations

import re
import tomllib
from fnmatch import fnmatch
from html.parser import HTMLParser
from pathlib import Path

from companion import bgstats_page
from companion.origami.watch import Seat, Snapshot, fragment
from companion.watch import Shown, page
from tests.contrast import contrast, rgb

ROOT = Path(__file__).resolve().parents[2]
TYPED = ["{poll}", "{body}", "{{ poll }}", "{% raw %}", "<b>Bo</b>", '"); alert(1); ("']  # names players could type


class Texts(HTMLParser):
    """The page's title, the names in its seats' headings and its script, as a browser reads them."""

    def __init__(self) -> None:
        super().__init__()
        self.inside: list[str] = []
        self.title, self.headings, self.script = "", [], ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.inside.append(tag)

    def handle_endtag(self, tag: str) -> None:
        self.inside.pop()

    def handle_data(self, data: str) -> None:
        where = self.inside[-1] if self.inside else ""
        if where == "title":
            self.title += data
        elif where == "h2":
            self.headings.append(data.strip())
        elif where == "script":
            self.script += data


def seat(name: str) -> Seat:
    return Seat(name, False, 5, 0, ((), ()), None, False)


def test_what_players_type_shows_as_typed_on_the_page() -> None:
    snap = Snapshot(1, "Origami · game 1", "Turn 1", "", False, tuple(seat(n) for n in TYPED), (), (), "")
    html = page(Shown("origami.1.0.live", fragment(snap), title=f"{TYPED[0]} {TYPED[4]}"), "/table/now")
    read = Texts()
    read.feed(html)
    assert read.headings == TYPED  # never a placeholder filled in, never markup
    assert read.title == f"{TYPED[0]} {TYPED[4]}"
    assert read.script.count('"/table/now"') == 1 and "{poll}" not in read.script


def test_the_etag_and_the_poll_address_are_javascript_strings_whatever_they_hold() -> None:
    html = page(Shown('x";alert(1);"</script>', "<p>t</p>"), "/table/now")
    script = html.split("<script>", 1)[1].rsplit("</script>", 1)[0]
    assert "</script>" not in script
    assert re.search(r'let etag = "x\\";alert\(1\);\\"\\u003c/script\\u003e";', html)


def test_contrast_is_wcags() -> None:
    assert round(contrast(rgb("#fff"), rgb("#000")), 1) == 21.0 and contrast(rgb("#777"), rgb("#777")) == 1.0
    assert 4.4 < contrast(rgb("#777"), rgb("#ffffff")) < 4.5  # the usual grey just short of AA


def test_the_bgstats_button_reads_at_least_4_5_to_1() -> None:
    rule = re.search(r"a\.open \{([^}]*)\}", bgstats_page.STYLE)
    assert rule is not None
    style = dict(part.strip().split(": ", 1) for part in rule.group(1).split(";") if ":" in part)
    assert contrast(rgb(style["background"]), rgb(style["color"])) >= 4.5, style


def test_the_template_ships_in_the_package() -> None:
    """An installed wheel holds only what package-data names: every template must match it."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["package-data"]
    templates = [p.relative_to(ROOT / "companion").as_posix() for p in (ROOT / "companion" / "templates").iterdir()]
    assert "table.html" in {Path(t).name for t in templates}
    assert all(any(fnmatch(t, pattern) for pattern in data.get("companion", [])) for t in templates), templates
