"""The line under a field that says what the input means: a problem in the theme's error colour, something ready
in its success colour, else plain; as tall as its text where the screen leaves its height to it."""
from __future__ import annotations

from textual.app import App, ComposeResult
from textual.color import Color
from textual.geometry import Region

from screens.form import Tone, Verdict


class Said(App[None]):
    CSS = "Verdict { width: 20; min-height: 2; max-height: 5; }"

    def compose(self) -> ComposeResult:
        yield Verdict("check")


def colours(verdict: Verdict) -> set[str | None]:
    """The colours the verdict's text is drawn in (its blank cells left out)."""
    return {segment.style.color.name if segment.style and segment.style.color else None
            for strip in verdict.render_lines(Region(0, 0, *verdict.size)) for segment in strip
            if segment.text.strip()}


async def test_each_tone_draws_the_text_in_the_theme_s_colour_as_the_theme_changes() -> None:
    app = Said()
    async with app.run_test() as pilot:
        verdict = app.query_one(Verdict)
        for theme in ("textual-dark", "textual-light"):
            app.theme = theme
            await pilot.pause()
            variables = app.theme_variables
            plain = Color.parse(variables["foreground"]).hex
            expected: dict[Tone, str] = {"problem": variables["error"], "ok": variables["success"], "": plain}
            for tone, colour in expected.items():
                verdict.say("✗ a word", tone)
                await pilot.pause()
                assert colours(verdict) == {Color.parse(colour).rich_color.name}, (theme, tone)
        verdict.say("said", "problem")
        app.theme = "textual-dark"  # said before the theme changed: drawn in the new theme's colour
        await pilot.pause()
        assert colours(verdict) == {Color.parse(app.theme_variables["error"]).rich_color.name}


async def test_a_verdict_is_as_tall_as_its_text_within_its_least_and_most() -> None:
    app = Said()
    async with app.run_test() as pilot:
        verdict = app.query_one(Verdict)
        heights = []
        for text in ("short", "one\ntwo\nthree", "a line long enough to wrap twice over at twenty", "1\n2\n3\n4\n5\n6\n7",
                     "back to short", "one\ntwo"):
            verdict.say(text, "problem")
            await pilot.pause()
            heights.append(verdict.size.height)
        assert heights == [2, 3, 3, 5, 2, 2]
