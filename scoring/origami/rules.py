"""Rule ids (PRODUCT.md §4) with a paraphrase each: cited by every refusal and by the rules reference. Titles and
texts are made before a language is chosen: marked here, translated where they are shown (`_(rule.title)`,
`_(rule.text)`); a scoring rule's title is its card's name, which stays as it is."""
from __future__ import annotations

from collections.abc import Callable

from .. import rulebook
from ..i18n import N_, _, ngettext
from ..rulebook import Rule


class RuleId(rulebook.RuleId):
    PAY_EXACT = "PAY-EXACT"
    PAY_HAND = "PAY-HAND"
    PAY_RICE = "PAY-RICE"
    COLL_TWO = "COLL-TWO"
    COLL_BALANCE = "COLL-BALANCE"
    COLL_UNDER = "COLL-UNDER"
    DRAW_LINE = "DRAW-LINE"
    LINE_REFILL = "LINE-REFILL"
    HAND_LIMIT = "HAND-LIMIT"
    CHAR_PAIR = "CHAR-PAIR"
    CHAR_FREE = "CHAR-FREE"
    SPECIAL_TOP = "SPECIAL-TOP"
    TURN_ORDER = "TURN-ORDER"
    END_TRIGGER = "END-TRIGGER"
    EFFECT_STEPS = "EFFECT-STEPS"
    EFFECT_AMOUNT = "EFFECT-AMOUNT"
    EFFECT_WHO = "EFFECT-WHO"
    CARD_ZONE = "CARD-ZONE"
    CARD_COUNT = "CARD-COUNT"
    SETUP_FAMILIES = "SETUP-FAMILIES"
    SETUP_DEAL = "SETUP-DEAL"
    SETUP_START = "SETUP-START"
    TIE_HAND = "TIE-HAND"
    SCORE_CARDS = "SCORE-CARDS"
    SCORE_AWARD = "SCORE-AWARD"
    SCORE_CHICKEN = "SCORE-CHICKEN"
    SCORE_BEE = "SCORE-BEE"
    SCORE_WHALE = "SCORE-WHALE"
    SCORE_RABBIT = "SCORE-RABBIT"
    SCORE_ANT = "SCORE-ANT"
    SCORE_MACAW = "SCORE-MACAW"
    SCORE_T_REX = "SCORE-T-REX"
    SCORE_TRICERATOPS = "SCORE-TRICERATOPS"
    SCORE_POLAR_BEAR = "SCORE-POLAR-BEAR"
    SCORE_KAPPA = "SCORE-KAPPA"
    SCORE_ANACONDA = "SCORE-ANACONDA"


def _r(rule_id: RuleId, title: str, text: str) -> tuple[RuleId, Rule]:
    return rule_id, Rule(rule_id, title, text)


RULES: dict[RuleId, Rule] = dict([
    _r(RuleId.PAY_EXACT, N_("Pay exactly"),
       N_("To play an origami you discard cards from your hand whose folds add up to exactly its cost, after "
          "every price change in force (Characters, Shell, Dolphin, Lion, a Character's free play). Paying "
          "more is not allowed, and neither is paying less.")),
    _r(RuleId.PAY_HAND, N_("Pay from your hand"),
       N_("The payment comes from the cards in your hand, never from the card being played, your collections "
          "or the draw line. A card on the discard pile cannot pay either (the yellow Geisha lets you play it, "
          "not pay with it).")),
    _r(RuleId.PAY_RICE, N_("Rice paper"),
       N_("Rice paper is not an origami: each card is worth 1 fold and can only be used to pay. Spent or "
          "discarded, it goes back to its own deck, never to the discard pile. It counts towards the hand "
          "limit. Taking rice paper when its deck is empty gives nothing.")),
    _r(RuleId.COLL_TWO, N_("Two collections"),
       N_("Every origami you play goes into one of your two collections, each a column with one card on top. "
          "A new card goes on top, leaving the name, family and points of the cards below visible.")),
    _r(RuleId.COLL_BALANCE, N_("Balanced collections"),
       N_("At all times your two collections hold the same number of cards or differ by one. After your first "
          "two origami, every new one covers an earlier card; a covered card loses its special action or "
          "ongoing effect (scoring effects still count).")),
    _r(RuleId.COLL_UNDER, N_("Only on top"),
       N_("A new origami goes on top of a collection. Only a card that says so (the Snake) may slide under a "
          "collection instead; the balance rule still holds.")),
    _r(RuleId.DRAW_LINE, N_("Draw from the draw line"),
       N_("Draw Cards: take draw-line cards worth at most 4 folds in all (fewer is fine; what you leave is "
          "lost). With a visible Mesosaurus the allowance is 3 plus your hand modifiers. Then refill the line.")),
    _r(RuleId.LINE_REFILL, N_("Refill the draw line"),
       N_("After cards leave the draw line it is refilled face up from the deck to 4 cards (5 while the "
          "yellow Merchant is in play). A Character's free draw-line play is refilled at the end of the turn. "
          "When the deck runs out, the discards are shuffled into a new deck.")),
    _r(RuleId.HAND_LIMIT, N_("Hand limit"),
       N_("At the end of your turn you may hold at most 8 cards plus the hand modifiers showing on top of your "
          "collections and on the Characters in play; discard the excess. Rice paper counts.")),
    _r(RuleId.CHAR_PAIR, N_("One colour of a Character"),
       N_("Red and yellow versions of the same Character are never in play together: playing one discards the "
          "other. A game uses as many Character pairs (both colours) as players.")),
    _r(RuleId.CHAR_FREE, N_("A Character's free play"),
       N_("After putting a Character into play, you may play one origami from the draw line without paying "
          "folds. Its place in the line is refilled at the end of your turn.")),
    _r(RuleId.SPECIAL_TOP, N_("Special actions"),
       N_("Origami families only: as your action you may use the special action of a card on top of one of your "
          "collections, once a turn, never in the turn that card was played. Covered, it is lost. A special "
          "action that cannot do what it must (the Spider without draw-line cards of exactly 6 folds) cannot be "
          "used.")),
    _r(RuleId.TURN_ORDER, N_("Turns"),
       N_("Play goes clockwise from the starting player. On your turn you take one action: draw cards, play one "
          "origami (a family card or a Character), or use a special action. Some effects give another action.")),
    _r(RuleId.END_TRIGGER, N_("End of the game"),
       N_("When the deck runs out for the second time, the discards are shuffled as usual, the current round "
          "is finished, and then every player has one final turn: the player to the right of the starting "
          "player plays last. Then final hands are counted and the game is scored.")),
    _r(RuleId.EFFECT_STEPS, N_("What an effect does"),
       N_("An instant effect is used right after its card is played (always optional); a special action is "
          "used as your action. What happens must be what the card says: each consequence (draws, discards, "
          "passes, rice paper, moves, plays) must be one the card allows, in its order, and what it requires is "
          "done before the turn ends (the Fox's discard). An extra action it gives comes with it.")),
    _r(RuleId.EFFECT_AMOUNT, N_("As much as the card says"),
       N_("An effect is used as printed: as many cards, rice paper or folds as the card says (fewer only when "
          "the deck or the hand holds fewer), from where it says (the top discard, the cards paid or drawn for "
          "it, the bottom of a collection, an origami showing, not the card it took), on its condition, and "
          "once. A free play, a discount or an extra action it grants is used at most once.")),
    _r(RuleId.EFFECT_WHO, N_("Whose effect"),
       N_("What an effect grants is used by the players it names (you, each player, each opponent) and only in "
          "the turn it is used; a Character's free play belongs to the player who put it into play.")),
    _r(RuleId.CARD_ZONE, N_("Where the cards are"),
       N_("A card can only be taken from where it is: the draw line, the top of the discard pile, a hand, a "
          "collection. An origami is played from the hand, also when an effect grants the play (it is played as "
          "normally); only a Character's free play takes one from the draw line, and the yellow Geisha lets the "
          "top discard be played. The companion follows only what the table can see: a card drawn from the deck "
          "is 'a card' until its owner shows it.")),
    _r(RuleId.CARD_COUNT, N_("How many copies"),
       N_("Each card exists in a fixed number of copies, and only the cards of the families (and Character "
          "pairs) chosen for this game are in play.")),
    _r(RuleId.SETUP_FAMILIES, N_("Families and Characters"),
       N_("Use as many families as players, with every card of each chosen family. In Origami Legends, also as "
          "many Character pairs (red and yellow) as players. Families of both games may be mixed.")),
    _r(RuleId.SETUP_DEAL, N_("The deal"),
       N_("Cards are dealt face up one by one to each player until each has at least 10 folds; then they go "
          "into the players' hands and become secret. Four cards from the deck start the draw line.")),
    _r(RuleId.SETUP_START, N_("The starting player"),
       N_("The player dealt the fewest folds starts; a tie is broken by drawing lots, which the companion "
          "draws and records.")),
    _r(RuleId.TIE_HAND, N_("Ties"),
       N_("The highest score wins. A tie goes to the tied player with most cards left in hand; still tied, "
          "they share the victory.")),
    _r(RuleId.SCORE_CARDS, N_("Scoring"),
       N_("Your score is the printed points of every origami in both collections, plus every scoring effect "
          "there (covered or not), plus points other players' cards give you (Kappa), plus points from "
          "Characters in play.")),
    _r(RuleId.SCORE_AWARD, N_("Awards to tied players"),
       N_("When a card awards points to whoever has the most of something (Kappa, Actor, Sumo wrestler, "
          "Samurai), every tied player scores them.")),
    _r(RuleId.SCORE_CHICKEN, "Chicken", N_("2 extra points for each Chick in your collections.")),
    _r(RuleId.SCORE_BEE, "Bee",
       N_("1 extra point for each lawn origami in your collections; the Bee counts itself.")),
    _r(RuleId.SCORE_WHALE, "Whale",
       N_("1 extra point for each other origami in the Whale's own collection (it does not count itself; two "
          "Whales in one collection count each other), as the English card reads. The German clarification "
          "hints at a sea symbol: the table's rule choice whale = sea counts only the other sea origami.")),
    _r(RuleId.SCORE_RABBIT, "Rabbit",
       N_("1 extra point for every 2 cards left in your hand, rounded down: 5 cards give 2.")),
    _r(RuleId.SCORE_ANT, "Ant",
       N_("With at least two Ants in your collections, each Ant is worth 5 points instead of its printed 3.")),
    _r(RuleId.SCORE_MACAW, "Macaw",
       N_("3 extra points when the card directly above or below it in the same collection is another Macaw. A "
          "Macaw between two Macaws scores 3 (rule choice macaw = each: 6).")),
    _r(RuleId.SCORE_T_REX, "T-Rex", N_("1 extra point for each card left in your hand.")),
    _r(RuleId.SCORE_TRICERATOPS, "Triceratops",
       N_("2 extra points for each other player who ends with fewer cards in hand than you.")),
    _r(RuleId.SCORE_POLAR_BEAR, "Polar Bear", N_("1 extra point for each rice paper left in your hand.")),
    _r(RuleId.SCORE_KAPPA, "Kappa",
       N_("5 points to every player with the most legendary creatures in their collections, whoever owns the "
          "Kappa; ties all score. Each Kappa gives its award.")),
    _r(RuleId.SCORE_ANACONDA, "Anaconda",
       N_("Extra points equal to the difference between your two collections' printed points (20 against 16 "
          "gives 4); rule choice anaconda = scored adds the other cards' bonuses.")),
])


PLAYER_COUNTS = range(2, 6)  # an Origami box has five families; Legends four (mixed games go beyond)
FAMILY_SIZE = 18


# What a rule (or a card's clarification) comes to with a given number of players.
_AT_COUNT: dict[str, Callable[[int], str]] = {
    RuleId.SETUP_FAMILIES: lambda n: _(
        "{n} families: {origami} origami in the deck; in Origami Legends also {n} Character pairs, {cards} cards "
        "in all.").format(n=n, origami=n * FAMILY_SIZE, cards=n * (FAMILY_SIZE + 2)),
    RuleId.CHAR_PAIR: lambda n: _(
        "{n} Character pairs: {characters} Characters shuffled into the deck.").format(n=n, characters=2 * n),
    RuleId.CARD_COUNT: lambda n: _(
        "{origami} origami (plus {characters} Characters in Origami Legends).").format(origami=n * FAMILY_SIZE,
                                                                                      characters=2 * n),
    RuleId.TURN_ORDER: lambda n: (
        _("turns simply alternate.") if n == 2
        else _("each round is {n} turns, the starting player's first.").format(n=n)),
    RuleId.END_TRIGGER: lambda n: _(
        "{final} at most {turns} turns follow the one in which the deck runs out the second time.").format(
        final=ngettext("after the round is finished, {n} final turn, one each;",
                       "after the round is finished, {n} final turns, one each;", n).format(n=n),
        turns=2 * n - 1),
    RuleId.SETUP_START: lambda n: (
        _("a tie is between both players.") if n == 2
        else _("a lot may be drawn among up to {n} tied players.").format(n=n)),
    RuleId.SCORE_TRICERATOPS: lambda n: ngettext(
        "at most {n} other player: up to {points} points.", "at most {n} other players: up to {points} points.",
        n - 1).format(n=n - 1, points=2 * (n - 1)),
    RuleId.SCORE_AWARD: lambda n: _(
        "up to {n} players may tie and all score the award.").format(n=n),
    "Nine-tailed Fox": lambda n: (
        _("both neighbours are the other player: pass both cards to them.") if n == 2
        else _("one card to the left neighbour, one to the right.")),
    "Zebra": lambda n: (
        _("your neighbour and the player on your left are the same: the other player.") if n == 2
        else _("the card you receive comes from the player on your left.")),
}


def at_count(key: str, players: int) -> str | None:
    """What a rule (by id) or a card's clarification (by card name) comes to with `players` players; None
    where the number of players makes no difference."""
    note = _AT_COUNT.get(key)
    if note is None:
        return None
    return _("With {players} players: {note}").format(players=players, note=note(players))


def scoring_rule_of(card_name: str) -> RuleId | None:
    """The rule id of a card's scoring effect, for the rules reference and score sheets."""
    key = "SCORE-" + card_name.upper().replace(" ", "-")
    return RuleId(key) if key in RuleId._value2member_map_ else None
