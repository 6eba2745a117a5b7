"""The Origin Story table line's help, as the table screen shows it: the words it completes and a reminder of what
may be typed at each logging level (the line is read by scoring/origin/notation.py)."""
from __future__ import annotations

WORDS = ("undo", "end", "surrender", "go", "draw ", "w ", "uses ")
LINE_HELP = {
    "cards": "7br 10br 13sp · bob 10br · w bob · ann uses X: vp +2 · undo",
    "winners": "w bob (or just bob) · 7br 10br 13sp · ann uses X: vp +2 · undo",
    "score only": "ann 3, bob 5 (tricks this round) · ann uses X: vp +2 · end · undo",
}
DUO_HELP = "5br 3st 8br · sk bob 7br up 3sp (the card it turns up) · w bob · ann uses X: vp +2 · undo"
SOLO_HELP = "9br (your card) · go (a Vancardian plays) · surrender · {you} uses X: vp +2 · undo"
# with the table's own deck a Vancardian who follows draws two real cards first: the line gives them
SOLO_TABLE_HELP = "9br (your card) · go (she leads) · draw 9st 6sp (she follows: the cards drawn for her) · " \
    "surrender · {you} uses X: vp +2 · undo"
