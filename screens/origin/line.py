"""The Origin Story table line's help, as the table screen shows it under the line (wrapped, so that it is read
whole at 80 columns and stays while typing): the words it completes and what may be typed at each logging level,
each example in its fewest keys (the line is read by scoring/origin/notation.py)."""
from __future__ import annotations

WORDS = ("undo", "end", "surrender", "go", "draw ", "w ", "uses ")
SUITS = "suits b l s t: brains love speed strength"
LINE_HELP = {
    "cards": f"7b10b13s: the trick's cards from its leader on ({SUITS}) · bob 10b · w bob · ann uses X: vp +2 · undo",
    "winners": f"w bob (or just bob) · 7b10b13s ({SUITS}) · ann uses X: vp +2 · undo",
    "score only": "ann 3, bob 5 (tricks this round) · ann uses X: vp +2 · end · undo",
}
DUO_HELP = f"5b3t+9l8b7b+4t: the trick's cards from its leader on, a sidekick's card then + and the card it turns " \
    f"up ({SUITS}) · w bob · ann uses X: vp +2 · undo"
SOLO_HELP = f"9b (your card; {SUITS}) · go (a Vancardian plays) · surrender · {{you}} uses X: vp +2 · undo"
# with the table's own deck a Vancardian who follows draws two real cards first: the line gives them
SOLO_TABLE_HELP = f"9b (your card; {SUITS}) · go (she leads) · draw 9t 6s (she follows: the cards drawn for her) · " \
    "surrender · {you} uses X: vp +2 · undo"
