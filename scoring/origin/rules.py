"""Origin Story's rule ids (ORIGIN_STORY.md §5): cited by every refusal, flag and explanation. An id is never
reused for another rule. Titles and texts are English here (the JSON and the files keep them); `translated` gives
a rule in the language in use, where it is shown."""
from __future__ import annotations

from dataclasses import dataclass

from .. import rulebook
from ..errors import InputError
from ..i18n import N_, _
from ..rulebook import Rule


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
                raise InputError(_("rules choice {name} = {value}: choose one of {allowed}").format(
                    name=name, value=repr(value), allowed=", ".join(allowed)), where=f"rules.{name}")

    @property
    def as_led(self) -> bool:
        return self.lead_suit == "as-led"

    def not_default(self) -> dict[str, str]:
        return {n: getattr(self, n) for n, allowed in CHOICES.items() if getattr(self, n) != allowed[0]}


ALL = ("1", "2", "3-5")
MULTI = ("2", "3-5")


@dataclass(frozen=True, slots=True)
class Scope:
    """A rule's kind (R refused and overridable, F flagged, C computed, S a step of the round stepper;
    combinations such as "S/R"; "–" for a freedom nothing checks) and the player counts it applies to."""

    kind: str
    players: tuple[str, ...]


def _r(rule_id: RuleId, kind: str, players: tuple[str, ...], title: str, text: str
       ) -> tuple[RuleId, tuple[Rule, Scope]]:
    return rule_id, (Rule(rule_id, title, text), Scope(kind, players))


_ENTRIES: dict[RuleId, tuple[Rule, Scope]] = dict([
    _r(RuleId.PLAYERS, "R", ALL, N_("Player counts"),
       N_("One to five people play. Alone, you face two card-driven opponents, the Vancardians; with two, each "
          "player is joined by a sidekick; three to five play the ordinary game.")),
    _r(RuleId.SETUP, "S", ALL, N_("Game setup"),
       N_("Everyone takes a character mat at random, sets an alignment/VP dial to 0, takes 1 stamina from the "
          "supply and 2 superhero cards that stay secret. The story deck is shuffled, and the event deck too "
          "except in solo.")),
    _r(RuleId.DEALER_FIRST, "S", ALL, N_("First dealer"),
       N_("Whoever watched a superhero film most recently takes the dealer token; otherwise pick at random.")),
    _r(RuleId.DEAL, "S/R", ALL, N_("Dealing"),
       N_("The dealer gives 8 cards to every player, and with two players to each sidekick as well; then 2 of "
          "each sidekick's cards are turned face up.")),
    _r(RuleId.EVENT_R3, "S", ALL, N_("The round-3 event"),
       N_("Only round 3 has an event: the dealer reveals one for everyone. At the end of that round its "
          "end-of-round effects happen and it is discarded. Alignment scoring still applies.")),
    _r(RuleId.STAMINA_GAIN, "C", ALL, N_("Gaining stamina"),
       N_("In rounds 1 to 4 every player gains 1 stamina; round 5 brings none. Without abilities a player holds "
          "2, 3, 4, 5 and 5 stamina in the five rounds.")),
    _r(RuleId.STORY, "S/R", ALL, N_("Story cards"),
       N_("In rounds 1 to 4 each player draws 3 story cards, keeps one face up on the mat slot for that round and "
          "discards the other two face down.")),
    _r(RuleId.SUPERHERO, "S", ALL, N_("Superhero reveal"),
       N_("In round 5, going round from the dealer's left, each player reveals one of their two superhero cards "
          "(resolving its reveal effect) and discards the other.")),
    _r(RuleId.CHARGE_ORDER, "S", ALL, N_("Charging order"),
       N_("Abilities whose cost involves other players are charged first, one player at a time clockwise from "
          "the dealer's left; everything else is charged at the same time afterwards.")),
    _r(RuleId.CHARGE_BUDGET, "R", ALL, N_("Charging within your stamina"),
       N_("You can never place more stamina on abilities than you hold.")),
    _r(RuleId.CHARGE_PHASE, "R", ALL, N_("When stamina is placed"),
       N_("Stamina goes onto abilities only during the charge step of round setup.")),
    _r(RuleId.CHARGED_ONLY, "R", ALL, N_("Only charged abilities work"),
       N_("A story card or character ability can be used only while it carries its charge. Event and superhero "
          "abilities need no charge.")),
    _r(RuleId.REMOVE, "R", ALL, N_("Remove costs"),
       N_("A Remove ability takes stamina off its own charged card and back to the supply; it needs that much "
          "charge on that card.")),
    _r(RuleId.ALIGN, "S/C", ALL, N_("Alignment"),
       N_("Each round everyone secretly sets hero or villain and all reveal together. What counts for scoring is "
          "the alignment held at the end of the round; some abilities change it mid-round.")),
    _r(RuleId.TRICKS_8, "C", ALL, N_("Eight tricks"),
       N_("A round has eight tricks, unless an ability changes that (a rewound trick is played again and only "
          "the replay counts).")),
    _r(RuleId.LEAD_FIRST, "C/R", ALL, N_("Leading the first trick"),
       N_("The seat to the dealer's left leads trick 1. With two players that seat is a sidekick, so its player "
          "leads instead.")),
    _r(RuleId.LEAD_WINNER, "C/R", ALL, N_("The winner leads"),
       N_("Whoever wins a trick leads the next one; when a sidekick wins, its player leads.")),
    _r(RuleId.LEAD_ANY, "–", ALL, N_("Any card may lead"),
       N_("The leader may play any card, unless an ability says otherwise.")),
    _r(RuleId.ORDER, "R", ALL, N_("Playing order"),
       N_("Play goes clockwise from the leader, each seat adding exactly one card to the trick.")),
    _r(RuleId.FOLLOW, "R", ALL, N_("Follow suit"),
       N_("If you hold a card of the suit led you must play one; if you hold none you may play anything. The "
          "companion checks this only where the hand is known (solo hands, sidekicks' face-up cards).")),
    _r(RuleId.VOID, "C", MULTI, N_("Showing out"),
       N_("A card off the lead suit from a hidden hand tells the table that the player had no card of that suit "
          "at that moment; the companion remembers it for the rest of the round.")),
    _r(RuleId.REVOKE, "F", MULTI, N_("Revoke"),
       N_("A player who showed out of a suit and later plays that suit, with no card having entered their hand in "
          "between, failed to follow. The game sets no penalty: replay the trick or note it.")),
    _r(RuleId.TRUMP, "C", ALL, N_("Love is trump"),
       N_("If any love card is in the trick, the highest love card wins, whatever suit was led.")),
    _r(RuleId.WIN_LEAD, "C", ALL, N_("Highest of the lead suit"),
       N_("With no love card in the trick, the highest card of the suit led wins; other suits cannot win.")),
    _r(RuleId.TIE_FIRST, "C", ALL, N_("Ties"),
       N_("When abilities make two winning candidates equal, the one played first wins.")),
    _r(RuleId.VALUES, "–", ALL, N_("Card values"),
       N_("Printed values run from 1 to 13 (the solo extra-love cards have halves); abilities may push a value "
          "below 1 or above 13.")),
    _r(RuleId.UNIQUE, "R", ALL, N_("Each card exists once"),
       N_("There is one copy of each of the 52 cards: a card already seen this round cannot appear again unless "
          "a reshuffle put it back into the deck.")),
    _r(RuleId.FACE_DOWN, "C", ALL, N_("Won tricks stay face down"),
       N_("Cards won in tricks are kept face down and nobody may look at them during the round; discards are "
          "face down too.")),
    _r(RuleId.DECK_EMPTY, "C", ALL, N_("Empty deck"),
       N_("When a draw finds the deck empty, the discard pile is shuffled to form a new deck; if both are empty "
          "the draw is skipped.")),
    _r(RuleId.SK_SEATS, "C", ("2",), N_("Sidekick seats"),
       N_("Each player's sidekick sits on that player's right, so players and sidekicks alternate around the "
          "table.")),
    _r(RuleId.SK_PLAY, "R", ("2",), N_("How a sidekick plays"),
       N_("A sidekick plays one of its two face-up cards, chosen by its player, following suit if either matches; "
          "then another of its cards is turned face up if any remain.")),
    _r(RuleId.SK_NOLEAD, "C", ("2",), N_("Sidekicks never lead or deal"),
       N_("A sidekick never holds the dealer token and never leads; when the lead would fall to it, its player "
          "leads.")),
    _r(RuleId.SK_TRICK, "C", ("2",), N_("A sidekick's trick"),
       N_("Cards won by a sidekick are discarded: the trick belongs to nobody, not even its player.")),
    _r(RuleId.SK_IMMUNE, "R", ("2",), N_("Sidekicks are not players"),
       N_("Sidekicks score nothing, have no alignment, and no ability or event can affect them.")),
    _r(RuleId.SCORE_HERO, "C", ALL, N_("Hero scoring"),
       N_("A hero gains 1 VP for each trick won this round.")),
    _r(RuleId.SCORE_VILLAIN, "C", ALL, N_("Villain scoring"),
       N_("A villain gains 4 VP for winning no trick at all this round, and nothing after winning any.")),
    _r(RuleId.SCORE_ABILITY, "C", ALL, N_("VP from abilities"),
       N_("VP gained or lost through abilities move the dial at once; the score sheet names the card each came "
          "from.")),
    _r(RuleId.ROUND_END, "S", ALL, N_("End of round"),
       N_("In order: end-of-round abilities (and in round 5 the superhero card), then the round-3 event's, then "
          "alignment VP, then all charged stamina goes back to its owner, then the dealer token moves on.")),
    _r(RuleId.DEALER_ROTATE, "C", ALL, N_("Passing the dealer token"),
       N_("After each round the dealer token moves one seat clockwise among the players (in solo, to the next "
          "seat of the cycle).")),
    _r(RuleId.GAME_END, "C", ALL, N_("End of the game"),
       N_("After five rounds the most VP wins; players tied for the most share the victory.")),
    _r(RuleId.SOLO_SETUP, "S", ("1",), N_("Solo setup"),
       N_("Pick a difficulty from 0 to 5: that many cards of the difficulty set go under 5 minus that many of the "
          "other set to form the Vancardian deck, never shuffled; the cards left form two event decks.")),
    _r(RuleId.SOLO_EVENT, "S", ("1",), N_("The solo event"),
       N_("For round 3, look at the lightning colour of the Vancardian card that round will use and take the top "
          "event from the deck of that colour; apply its round-3 side.")),
    _r(RuleId.SOLO_ROWS, "C", ("1",), N_("Open rows"),
       N_("In solo every hand is face up; each Vancardian keeps her cards in a row in the order drawn.")),
    _r(RuleId.SOLO_CYCLE, "C", ("1",), N_("Solo turn order"),
       N_("Turns go You, Automaton, Factoryon, and round again; the dealer token only decides who leads first.")),
    _r(RuleId.SOLO_HERO, "C", ("1",), N_("Vancardians are heroes"),
       N_("Both Vancardians always play hero, scoring 1 VP per trick.")),
    _r(RuleId.SOLO_PICK, "C", ("1",), N_("How a Vancardian picks"),
       N_("Highest and lowest compare values only, adjustments included; among equal candidates she takes the "
          "leftmost; she only considers cards she may legally play.")),
    _r(RuleId.SOLO_REPLACE, "C", ("1",), N_("Replace"),
       N_("The round's effect replaces some of her cards with new draws: her lowest non-love cards if you are a "
          "hero, her highest cards if you are a villain; new cards go on the right.")),
    _r(RuleId.SOLO_ADD, "C", ("1",), N_("Add"),
       N_("Her rightmost card is discarded and an extra-love card of the named value goes on her left.")),
    _r(RuleId.SOLO_MOVE, "C", ("1",), N_("Move left"),
       N_("Her rightmost love card moves to her left end, as many times as named; with no love she does Replace "
          "instead.")),
    _r(RuleId.SOLO_LEAD, "C", ("1",), N_("A Vancardian leads"),
       N_("She leads her lowest card when you are a villain who has won no trick, otherwise her highest.")),
    _r(RuleId.SOLO_DRAW, "C", ("1",), N_("A Vancardian draws before following"),
       N_("She draws two cards, keeps those of suits she already holds, trims as many from her right end and "
          "adds the kept ones on the right in draw order.")),
    _r(RuleId.SOLO_FOLLOW, "C", ("1",), N_("A Vancardian follows"),
       N_("Against a clean villain she ducks with her lowest non-love card; otherwise she plays her lowest card of "
          "the lead suit that wins, else her lowest of it, else her lowest card of any suit.")),
    _r(RuleId.SOLO_EXCHANGE, "C", ("1",), N_("Exchanging with a Vancardian"),
       N_("You take her lowest non-love card (lowest love if that is all she has) and give her one of yours, "
          "which goes on her left.")),
    _r(RuleId.SOLO_REVEAL, "C", ("1",), N_("Revealed cards in solo"),
       N_("Each of your cards you reveal counts 1 less if you are a hero and 1 more if you are a villain.")),
    _r(RuleId.SOLO_DELAY, "S", ("1",), N_("Delayed exchanges"),
       N_("A when-charged ability that exchanges with a Vancardian waits until the Vancardians have their cards.")),
    _r(RuleId.SOLO_SURRENDER, "C/R", ("1",), N_("Surrender"),
       N_("At the start of your turn in a trick a Vancardian led, unless you are a clean villain, you may give up "
          "the round: she gains 1 VP per card left in her row plus 1, and the round ends.")),
    _r(RuleId.SOLO_BANNED, "R", ("1",), N_("Solo-banned cards"),
       N_("Story and superhero cards marked as unsuitable for solo are set aside and replaced when drawn.")),
    _r(RuleId.SOLO_NO_PEEK, "C", ("1",), N_("No peeking in solo"),
       N_("In solo you may not search the discard pile or earlier tricks.")),
])

RULES: dict[RuleId, Rule] = {k: rule for k, (rule, _scope) in _ENTRIES.items()}
SCOPES: dict[RuleId, Scope] = {k: scope for k, (_rule, scope) in _ENTRIES.items()}


def translated(rule: Rule) -> Rule:
    """`rule` as a person reads it: its title and text in the language in use (the id stays)."""
    return Rule(rule.id, _(rule.title), _(rule.text))


def rules_for(players: str) -> tuple[Rule, ...]:
    """The rules reference filtered by player count ("1", "2" or "3-5"), in id order of the table."""
    if players not in ALL:
        raise InputError(_("player count {players}: 1, 2 or 3-5").format(players=repr(players)))
    return tuple(RULES[k] for k, s in SCOPES.items() if players in s.players)
