"""The Origin Story table line's help, as the table screen shows it under the line (wrapped, so that it is read
whole at 80 columns and stays while typing): the words it completes and what may be typed at each logging level,
each example in its fewest keys (the line is read by scoring/origin/notation.py). What is typed stays as it is in
every language (cards, suits' letters, names, the line's words); the rest is translated where it is shown (`said`)."""
from __future__ import annotations

from scoring.i18n import N_, _

WORDS = ("undo", "end", "surrender", "go", "draw ", "w ", "uses ")
# TRANSLATORS: b l s t and brains love speed strength are typed as they are: keep them.
SUITS = N_("suits b l s t: brains love speed strength")
LINE_HELP = {
    "cards": N_("7b10b13s: the trick's cards from its leader on ({suits}) · bob 10b · w bob · ann uses X: vp +2 · "
                "undo"),
    "winners": N_("w bob (or just bob) · 7b10b13s ({suits}) · ann uses X: vp +2 · undo"),
    "score only": N_("ann 3, bob 5 (tricks this round) · ann uses X: vp +2 · end · undo"),
}
DUO_HELP = N_("5b3t+9l8b7b+4t: the trick's cards from its leader on, a sidekick's card then + and the card it turns "
              "up ({suits}) · w bob · ann uses X: vp +2 · undo")
SOLO_HELP = N_("9b (your card; {suits}) · go (a Vancardian plays) · surrender · {you} uses X: vp +2 · undo")
# with the table's own deck a Vancardian who follows draws two real cards first: the line gives them
SOLO_TABLE_HELP = N_("9b (your card; {suits}) · go (she leads) · draw 9t 6s (she follows: the cards drawn for her) · "
                     "surrender · {you} uses X: vp +2 · undo")


def said(help_text: str, you: str = "") -> str:
    """One of the helps above in the language in use, its suits and the solo player's name filled in."""
    return _(help_text).format(suits=_(SUITS), you=you)
