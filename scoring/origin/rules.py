"""Origin Story's rule ids (ORIGIN_STORY.md §5): cited by every refusal, flag and explanation. An id is never
reused for another rule."""
from __future__ import annotations

from dataclasses import dataclass

from .. import rulebook
from ..errors import InputError


class RuleId(rulebook.RuleId):
    PLAYERS = "OS-PLAYERS"
    SETUP = "OS-SETUP"
    DEALER_FIRST = "OS-DEALER-FIRST"
    DEAL = "OS-DEAL"
    EVENT_R3 = "OS-EVENT-R3"
    STAMINA_GAIN = "OS-STAMINA-GAIN"
    STORY = "OS-STORY"
    SUPERHERO = "OS-SUPERHERO"
    CHARGE_ORDER = "OS-CHARGE-ORDER"
    CHARGE_BUDGET = "OS-CHARGE-BUDGET"
    CHARGE_PHASE = "OS-CHARGE-PHASE"
    CHARGED_ONLY = "OS-CHARGED-ONLY"
    REMOVE = "OS-REMOVE"
    ALIGN = "OS-ALIGN"
    TRICKS_8 = "OS-TRICKS-8"
    LEAD_FIRST = "OS-LEAD-FIRST"
    LEAD_WINNER = "OS-LEAD-WINNER"
    LEAD_ANY = "OS-LEAD-ANY"
    ORDER = "OS-ORDER"
    FOLLOW = "OS-FOLLOW"
    VOID = "OS-VOID"
    REVOKE = "OS-REVOKE"
    TRUMP = "OS-TRUMP"
    WIN_LEAD = "OS-WIN-LEAD"
    TIE_FIRST = "OS-TIE-FIRST"
    VALUES = "OS-VALUES"
    UNIQUE = "OS-UNIQUE"
    FACE_DOWN = "OS-FACE-DOWN"
    DECK_EMPTY = "OS-DECK-EMPTY"
    SK_SEATS = "OS-SK-SEATS"
    SK_PLAY = "OS-SK-PLAY"
    SK_NOLEAD = "OS-SK-NOLEAD"
    SK_TRICK = "OS-SK-TRICK"
    SK_IMMUNE = "OS-SK-IMMUNE"
    SCORE_HERO = "OS-SCORE-HERO"
    SCORE_VILLAIN = "OS-SCORE-VILLAIN"
    SCORE_ABILITY = "OS-SCORE-ABILITY"
    ROUND_END = "OS-ROUND-END"
    DEALER_ROTATE = "OS-DEALER-ROTATE"
    GAME_END = "OS-GAME-END"
    SOLO_SETUP = "OS-SOLO-SETUP"
    SOLO_EVENT = "OS-SOLO-EVENT"
    SOLO_ROWS = "OS-SOLO-ROWS"
    SOLO_CYCLE = "OS-SOLO-CYCLE"
    SOLO_HERO = "OS-SOLO-HERO"
    SOLO_PICK = "OS-SOLO-PICK"
    SOLO_REPLACE = "OS-SOLO-REPLACE"
    SOLO_ADD = "OS-SOLO-ADD"
    SOLO_MOVE = "OS-SOLO-MOVE"
    SOLO_LEAD = "OS-SOLO-LEAD"
    SOLO_DRAW = "OS-SOLO-DRAW"
    SOLO_FOLLOW = "OS-SOLO-FOLLOW"
    SOLO_EXCHANGE = "OS-SOLO-EXCHANGE"
    SOLO_REVEAL = "OS-SOLO-REVEAL"
    SOLO_DELAY = "OS-SOLO-DELAY"
    SOLO_SURRENDER = "OS-SOLO-SURRENDER"
    SOLO_BANNED = "OS-SOLO-BANNED"
    SOLO_NO_PEEK = "OS-SOLO-NO-PEEK"


CHOICES: dict[str, tuple[str, ...]] = {
    "replace_order": ("replace", "draw-first"),
    "replace_draws": ("each", "shared"),
    "extra_love_exit": ("aside", "discard"),
    "reveal_lasts": ("round", "while-shown"),
    "show_tricks": ("never", "last", "all"),
    "vp_floor": ("none", "zero"),
    "lead_suit": ("effective", "as-led"),
}


@dataclass(frozen=True, slots=True)
class Choices:
    """The rules choices of §6, each with its default first; stored with the game, named on the sheet when
    not default."""

    replace_order: str = "replace"
    replace_draws: str = "each"
    extra_love_exit: str = "aside"
    reveal_lasts: str = "round"
    show_tricks: str = "never"
    vp_floor: str = "none"
    lead_suit: str = "effective"

    def __post_init__(self) -> None:
        for name, allowed in CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                raise InputError(f"rules choice {name} = {value!r}: choose one of {', '.join(allowed)}",
                                 where=f"rules.{name}")

    @property
    def as_led(self) -> bool:
        return self.lead_suit == "as-led"

    def not_default(self) -> dict[str, str]:
        return {n: getattr(self, n) for n, allowed in CHOICES.items() if getattr(self, n) != allowed[0]}
