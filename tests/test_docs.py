"""The README stays a two-minute read that opens on both games, and every page under docs/ is reachable from it
by links that all resolve (files, images and the headings they point at)."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
LINK = re.compile(r"\]\(([^)\s]+)\)")


def anchor(heading: str) -> str:
    """GitHub's anchor for a Markdown heading."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def links(page: Path) -> list[str]:
    return [target for target in LINK.findall(page.read_text(encoding="utf-8")) if "://" not in target]


def test_the_readme_is_short_and_opens_on_both_games() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) < 150
    first_screen = "\n".join(lines[:24])
    assert "**Origami**" in first_screen and "**Origin Story**" in first_screen
    text = "\n".join(lines)
    assert "make run" in text and "make test" in text and "pipx install" in text and "uv tool install" in text


def test_every_docs_page_is_linked_from_the_readme_or_a_page_it_links() -> None:
    reached, todo = set(), [README]
    while todo:
        page = todo.pop()
        for target in links(page):
            found = (page.parent / target.split("#", 1)[0]).resolve()
            if found.suffix == ".md" and found not in reached:
                reached.add(found)
                todo.append(found)
    pages = set((ROOT / "docs").glob("*.md"))
    assert pages <= reached, sorted(p.name for p in pages - reached)
    assert {p for p in pages if p.name in README.read_text(encoding="utf-8")} == pages  # each straight from it


def test_every_link_resolves() -> None:
    for page in [README, *sorted((ROOT / "docs").glob("*.md"))]:
        for target in links(page):
            path, _, fragment = target.partition("#")
            found = (page.parent / path).resolve() if path else page
            assert found.exists(), f"{page.name}: {target}"
            if fragment:
                headings = [anchor(h) for h in re.findall(r"^#+ (.+)$", found.read_text(encoding="utf-8"), re.M)]
                assert fragment in headings, f"{page.name}: {target}"
