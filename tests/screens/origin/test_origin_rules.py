"""Origin Story's rules reference by keys on the real app: filtered by player count like the official reference,
searched as you type, opened at a refusal's rule."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.widgets import Input, OptionList, Static

from companion import languages
from companion.app import make_app
from scoring import i18n
from scoring.origin.rules import RULES, rules_for
from screens.origin.rules import OriginRulesScreen, RuleEntry
from tests.screens.settle import settled, until, until_filled


async def test_filtered_by_player_count_then_searched(tmp_path: Path) -> None:
    app = make_app(f"sqlite:///{tmp_path}/r.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        screen = OriginRulesScreen()
        app.push_screen(screen)
        await until_filled(pilot, screen)
        await pilot.pause()
        assert screen.visible_ids == [str(r) for r in RULES]  # every rule id, paraphrased
        await pilot.press("f2")  # 1 player: the solo rules and the common ones, no sidekick or revoke rule
        await pilot.pause()
        assert screen.visible_ids == [str(r.id) for r in rules_for("1")]
        assert "OS-SOLO-DRAW" in screen.visible_ids and "OS-SK-PLAY" not in screen.visible_ids
        assert "OS-REVOKE" not in screen.visible_ids
        await pilot.press("ctrl+f", *"surrender")
        await pilot.pause()
        assert screen.visible_ids == ["OS-SOLO-SURRENDER"]
        assert screen.sub_title == "1 rule for 1 player (solo)"
        await pilot.press("f2")  # 2 players: no surrender in a duo
        await pilot.pause()
        assert screen.visible_ids == []
        assert "No rule matches 'surrender' for 2 players (duo)" in str(screen.query_one("#none", Static).render())
        await pilot.press(*(["backspace"] * len("surrender")), *"sidekick lead")
        await pilot.pause()
        assert screen.visible_ids == ["OS-LEAD-FIRST", "OS-LEAD-WINNER", "OS-SK-NOLEAD"]
        assert screen.sub_title == "3 rules for 2 players (duo)"
        await pilot.press("f2")  # 3–5 players: sidekicks are gone; the lead rules stay
        await pilot.pause()
        assert screen.visible_ids == ["OS-LEAD-FIRST", "OS-LEAD-WINNER"]
        await pilot.press("enter")  # read the first found
        await pilot.pause()
        marked = [e.rule_id for e in screen.query(RuleEntry) if e.has_class("-focused-rule")]
        assert marked == ["OS-LEAD-FIRST"]
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is not screen


async def test_opened_at_a_refusals_rule_widens_a_filter_that_would_hide_it(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    said: list[str] = []  # kept here: a toast may be gone before a loaded machine looks
    notify = App.notify

    def noted(self: App[object], message: str, **kw: Any) -> None:
        said.append(str(message))
        notify(self, message, **kw)

    monkeypatch.setattr(App, "notify", noted)
    app = make_app(f"sqlite:///{tmp_path}/r.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        screen = OriginRulesScreen("os-sk-play", players="3-5")
        app.push_screen(screen)
        await until_filled(pilot, screen)
        await until(pilot, lambda: screen.players == "any" and "OS-SK-PLAY" in screen.visible_ids,
                    "the filter widened to show the rule")
        entry = screen.query_one("#rule-OS-SK-PLAY", RuleEntry)
        await until(pilot, lambda: entry.has_class("-focused-rule") and entry.region.y < 24
                    and entry.region.height > 0, "the rule marked and scrolled into view")
        assert "2 players (duo)" in str(entry.render()) and "override with a reason" in str(entry.render())
        app.pop_screen()
        await until(pilot, lambda: app.screen is not screen, "the rules closed")
        other = OriginRulesScreen("OS-NOPE")
        app.push_screen(other)
        await until_filled(pilot, other)
        await until(pilot, lambda: other.visible_ids == [str(r) for r in RULES], "every rule listed")
        assert any("No Origin Story rule is called 'OS-NOPE'" in m for m in said), said


async def test_a_wide_terminal_shows_an_index_of_the_rules_found(tmp_path: Path) -> None:
    app = make_app(f"sqlite:///{tmp_path}/r.db")
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        screen = OriginRulesScreen(players="2")
        app.push_screen(screen)
        await until_filled(pilot, screen)
        await pilot.pause()
        index = screen.query_one("#index", OptionList)
        assert not index.display  # 80 columns: the rules take the whole width
        await pilot.resize_terminal(160, 48)
        await pilot.pause()
        assert index.display
        assert [index.get_option_at_index(i).id for i in range(index.option_count)] == screen.visible_ids
        await pilot.press("ctrl+f", *"sidekick")
        await pilot.pause()
        assert [index.get_option_at_index(i).id for i in range(index.option_count)] == screen.visible_ids
        assert "OS-SK-TRICK" in screen.visible_ids
        index.focus()
        await pilot.press("end", "enter")  # the last rule found, read from the index
        await pilot.pause()
        marked = [e.rule_id for e in screen.query(RuleEntry) if e.has_class("-focused-rule")]
        assert marked == [screen.visible_ids[-1]]


async def test_the_reference_in_italian_reads_each_rule_in_italian_and_finds_it_by_either_word(
        tmp_path: Path) -> None:
    app = make_app(f"sqlite:///{tmp_path}/r.db")
    languages.use("it")
    try:
        async with app.run_test(size=(160, 48)) as pilot:
            await settled(pilot)
            screen = OriginRulesScreen()
            app.push_screen(screen)
            await until_filled(pilot, screen)
            for word in ("briscola", "trump"):  # the shown word, or the English one: the same rule
                screen.query_one(Input).value = word
                await until(pilot, lambda: screen.visible_ids == ["OS-TRUMP"], f"the rule found by {word!r}")
            entry = next(e for e in screen.query(RuleEntry) if e.rule_id == "OS-TRUMP")
            assert str(entry.render()).startswith("OS-TRUMP — L'amore è briscola\nSe nella presa c'è almeno una")
            index = screen.query_one("#index", OptionList)
            await until(pilot, lambda: index.option_count == 1, "the index of the rule found")
            assert str(index.get_option_at_index(0).prompt) == "OS-TRUMP  L'amore è briscola"
    finally:
        languages.use(i18n.ENGLISH)
