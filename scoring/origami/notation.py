"""Actions as a player types them at the table, and back: `play crane pay frog, rice to 2`.

A line is `[PLAYER:] VERB [ARGUMENTS] [KEYWORD ARGUMENTS]…`; the player is the one whose turn it is unless
named. Card names are forgiving (prefixes, small typos, any language); lists are comma-separated; collections
are 1 and 2. Pure: `parse` needs the game state and the catalogue, `write` is its inverse."""
from __future__ import annotations

import difflib
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from ..errors import Ambiguous, InputError
from ..i18n import N_, _
from . import commands as c
from .cards import CardId
from .catalog import Catalogue
from .options import placements
from .state import GameState


@dataclass(frozen=True, slots=True)
class Verb:
    name: str
    syntax: str  # as typed, the same in every language
    meaning: str  # marked with N_, said in the language in use ("": the syntax says it all)
    keywords: frozenset[str] = frozenset()

    @property
    def usage(self) -> str:
        """`syntax: meaning`, as the help and the refusals show it."""
        return f"{self.syntax}: {_(self.meaning)}" if self.meaning else self.syntax


# TRANSLATORS: what each verb typed at the table does (the verb and its syntax stay in English).
VERBS = {v.name: v for v in (
    Verb("draw", "draw CARDS [refill CARDS] [trade N]", N_("take cards from the draw line"),
         frozenset({"refill", "trade"})),
    Verb("play", "play CARD [pay CARDS] [to 1|2] [under] [from line|discard] [via CARD] [discount N] [free]", "",
         frozenset({"pay", "to", "under", "from", "via", "discount", "free"})),
    Verb("special", "special 1|2", N_("the special action of that collection's top card")),
    Verb("deck", "deck N [CARDS] | deck CARDS", N_("draw from the deck (name the cards that are shown)")),
    Verb("take", "take CARDS", N_("take cards from the draw line by an effect")),
    Verb("refill", "refill CARDS", N_("the cards turned up to refill the draw line")),
    Verb("replace", "replace CARDS", N_("the draw line is discarded and these are turned up")),
    Verb("pick", "pick CARD", N_("take a card from the discard pile")),
    Verb("discard", "discard CARDS", N_("discard from the hand")),
    Verb("pass", "pass CARDS | N to PLAYER", N_("give cards (N unseen ones)"), frozenset({"to"})),
    Verb("rice", "rice N", N_("take rice paper")),
    Verb("move", "move C.P [of PLAYER] to C.P", N_("move a card inside the collections (collection.position from "
                                                    "the bottom; `of PLAYER`: another player's collections, as the "
                                                    "Sloth may)"), frozenset({"to", "of"})),
    Verb("swap", "swap 1|2 CARD", N_("swap a card in for that collection's top card")),
    Verb("extra", "extra", N_("an effect's extra action comes with it (the Rhino's, the Caiman's); `extra` is read "
                              "once")),
    Verb("copy", "copy CARD", N_("the Parrot uses the instant effect of an origami showing (a top card, the line)")),
    Verb("reveal", "reveal CARDS", N_("show the whole hand")),
    Verb("end", "end [discard CARDS] [refill CARDS]", N_("end the turn"), frozenset({"discard", "refill"})),
)}


@dataclass(frozen=True, slots=True)
class Parts:
    """A line split into its player, verb, first argument and keyword clauses (as typed)."""

    player: str | None
    verb: str
    first: str
    clauses: tuple[tuple[str, str], ...]


def split(line: str) -> Parts:
    """Split a line into its parts; the verb may be any unique prefix of a verb."""
    player, _colon, rest = line.partition(":") if ":" in line else ("", "", line)
    words = rest.split()
    if not words:
        raise InputError(_("type an action, e.g. `play fox pay cat` or `draw fox, cat` (`help` or f2 lists them)"))
    verb = verb_named(words[0])
    keywords = VERBS[verb].keywords
    first: list[str] = []
    clauses: list[tuple[str, list[str]]] = []
    # The collection in one key, alone at the end: `play fox pay cat 2` is `play fox pay cat to 2`.
    alone = (verb == "play" and len(words) > 2 and words[-1] in ("1", "2")
             and words[-2].casefold() not in ("to", "discount"))
    collection = [("to", [words.pop()])] if alone else []
    for word in words[1:]:
        if word.casefold() in keywords:
            clauses.append((word.casefold(), []))
        elif clauses:
            clauses[-1][1].append(word)
        else:
            first.append(word)
    clauses += collection
    return Parts(player.strip() or None, verb, " ".join(first), tuple((k, " ".join(v)) for k, v in clauses))


def matching(word: str, choices: Iterable[str]) -> list[str]:
    """The choices `word` names, case-insensitive: the exact one, else every one it begins."""
    folded = word.strip().casefold()
    options = list(choices)
    exact = [x for x in options if x.casefold() == folded]
    return exact or [x for x in options if x.casefold().startswith(folded)]


def verb_named(word: str) -> str:
    found = matching(word, VERBS)
    if len(found) == 1:
        return found[0]
    hint = (_("could be {verbs}") if found else _("actions are {verbs}")).format(verbs=", ".join(found or VERBS))
    raise InputError(_("{word} is not an action: {hint}").format(word=repr(word), hint=hint))


def parse(line: str, state: GameState, catalogue: Catalogue) -> c.Command:
    """The command a typed line means in this state (InputError: what is wrong and how to write it). A line that
    does not read is read again with its keywords spelled out, as verbs are: `draw oni ref kappa`."""
    try:
        return _parse(split(line), state, catalogue)
    except InputError as problem:
        spelled = spelled_out(line)
        if spelled == line:
            raise
        try:
            return _parse(split(spelled), state, catalogue)
        except InputError:
            raise problem from None


def _parse(parts: Parts, state: GameState, catalogue: Catalogue) -> c.Command:
    reader = _Reader(parts, state, catalogue)
    try:
        return reader.command()
    except InputError as exc:
        raise InputError(_("{problem} (usage: {usage})").format(problem=exc, usage=VERBS[parts.verb].usage)) from None


def spelled_out(line: str) -> str:
    """The line with each word after the verb that begins exactly one of the verb's keywords (and is not one)
    written as that keyword."""
    player, colon, rest = line.partition(":") if ":" in line else ("", "", line)
    words = rest.split()
    if len(words) < 2:
        return line
    keywords = VERBS[verb_named(words[0])].keywords
    spelled = [found[0] if i and len(found := matching(word, keywords)) == 1 else word for i, word in enumerate(words)]
    return line if spelled == words else f"{player}{colon}{' '.join(spelled)}"


class _Reader:
    def __init__(self, parts: Parts, state: GameState, catalogue: Catalogue) -> None:
        self.parts, self.state, self.catalogue = parts, state, catalogue
        self.seat = state.current if parts.player is None else self.player(parts.player)
        self.options = dict(parts.clauses)
        twice = [k for k, n in Counter(k for k, _words in parts.clauses).items() if n > 1]
        if twice:
            raise InputError(_("`{keyword}` is said twice").format(keyword=twice[0]))

    def player(self, name: str) -> int:
        names = [p.name for p in self.state.players]
        found = matching(name, names)
        if len(found) == 1:
            return names.index(found[0])
        close = difflib.get_close_matches(name.strip().casefold(), [n.casefold() for n in names], n=2)
        meant = found or [n for n in names if n.casefold() in close]  # several it begins, else a close spelling
        # TRANSLATORS: between the names a player may mean ("Ann or Anna").
        hint = _("did you mean {names}? ").format(names=_(" or ").join(meant)) if meant else ""
        raise InputError(_("no single player called {name} at this table ({hint}players: {players})").format(
            name=repr(name.strip()), hint=hint, players=", ".join(names)))

    def cards(self, text: str, what: str) -> tuple[CardId, ...]:
        names = [n.strip() for n in text.split(",") if n.strip()]
        # TRANSLATORS: where a card name is in a typed line: {what} is the verb or keyword as typed (draw, pay…).
        return tuple(self.named(n, _("{what}, card {n}").format(what=what, n=i + 1), what)
                     for i, n in enumerate(names))

    def named(self, name: str, where: str, what: str) -> CardId:
        """A card by a forgiving name; when the name fits several, narrowed as `narrowing` says."""
        games = self.state.variant.games
        try:
            return self.catalogue.resolve(name, games, where).id
        except InputError as problem:
            candidates = [card.id for card in self.catalogue.suggest(name, games, limit=60)]
            for pool in narrowing(self.state, self.catalogue, self.seat, what):
                narrowed = [cid for cid in candidates if cid in pool]
                if len(narrowed) == 1:
                    return narrowed[0]
                if narrowed:
                    candidates = narrowed
            if len(candidates) > 1 and isinstance(problem, Ambiguous):
                raise Ambiguous(_("{name} could be {cards}: type more of the name").format(
                    name=repr(name), cards=", ".join(candidates[:6])), where=where) from None
            raise

    def card(self, text: str, what: str) -> CardId:
        found = self.cards(text, what)
        if len(found) != 1:
            raise InputError(_("name one card for {what}").format(what=what))
        return found[0]

    def number(self, text: str, what: str) -> int:
        if not text.strip().isdigit():
            raise InputError(_("{what} must be a number, not {text}").format(what=what, text=_typed(text)))
        return int(text)

    def collection(self, text: str) -> int:
        if text.strip() not in ("1", "2"):
            raise InputError(_("the collection is 1 or 2, not {text}").format(text=_typed(text)))
        return int(text) - 1

    def opt_cards(self, keyword: str) -> tuple[CardId, ...]:
        return self.cards(self.options[keyword], keyword) if keyword in self.options else ()

    def command(self) -> c.Command:
        p, seat, first = self.parts, self.seat, self.parts.first
        match p.verb:
            case "draw":
                trade = self.number(self.options["trade"], "trade") if "trade" in self.options else 0
                return c.DrawCards(seat, self.cards(first, "draw"), self.opt_cards("refill"), trade)
            case "play":
                return self.play(seat, first)
            case "special":
                return c.UseSpecialAction(seat, self.collection(first))
            case "deck":
                count, _space, rest = first.strip().partition(" ")
                if count.isdigit():  # `deck 2` or `deck 2 crane`: two cards, one of them shown
                    return c.DrawFromDeck(seat, int(count), self.cards(rest, "deck"))
                shown = self.cards(first, "deck")
                return c.DrawFromDeck(seat, len(shown), shown)
            case "take":
                return c.TakeFromLine(seat, self.cards(first, "take"))
            case "refill":
                return c.RefillLine(self.cards(first, "refill"))
            case "replace":
                return c.ReplaceLine(self.cards(first, "replace"))
            case "pick":
                return c.TakeFromDiscard(seat, self.card(first, "pick"))
            case "discard":
                return c.Discard(seat, self.cards(first, "discard"))
            case "pass":
                if "to" not in self.options:
                    raise InputError(_("say who receives them: `pass crane to bob`"))
                receiver = self.player(self.options["to"])
                if first.strip().isdigit():
                    return c.PassCards(seat, receiver, (), int(first))
                return c.PassCards(seat, receiver, self.cards(first, "pass"))
            case "rice":
                return c.TakeRicePaper(seat, self.number(first, "rice"))
            case "move":  # whose collections: `of PLAYER` (`PLAYER:` in front is read the same way)
                owner = self.player(self.options["of"]) if "of" in self.options else seat
                return c.MoveOrigami(owner, self.spot(first), self.spot(self.options.get("to", "")))
            case "swap":
                where, _space, name = first.strip().partition(" ")
                return c.SwapIn(seat, self.collection(where), self.card(name, "swap"))
            case "extra":
                return c.TakeExtraAction(seat)
            case "copy":
                return c.CopyEffect(seat, self.card(first, "copy"))
            case "reveal":
                return c.RevealHand(seat, self.cards(first, "reveal"))
            case _:
                if first.strip():  # never passed over: `end ref kappa` is not a bare end
                    raise InputError(_("`end` takes `discard` or `refill` before cards, not {text}").format(
                        text=repr(first.strip())))
                return c.EndTurn(seat, self.opt_cards("discard"), self.opt_cards("refill"))

    def spot(self, text: str) -> tuple[int, int]:
        match = re.fullmatch(r"\s*([12])\.(\d+)\s*", text)
        if not match or int(match[2]) < 1:
            raise InputError(_("a place is collection.position from the bottom, e.g. 1.3, not {text}").format(
                text=repr(text.strip())))
        return int(match[1]) - 1, int(match[2]) - 1

    def play(self, seat: int, first: str) -> c.Command:
        card = self.catalogue.card(self.card(first, "play"))
        payment = self.opt_cards("pay")
        if card.is_character:
            return c.PlayCharacter(seat, card.id, payment)
        source = self.options.get("from", "hand").strip().casefold() or "hand"
        if source not in ("hand", "line", "discard"):
            # TRANSLATORS: line and discard are typed as they are.
            raise InputError(_("`from` is line or discard, not {text}").format(text=repr(source)))
        under = "under" in self.options
        if "to" in self.options:
            collection = self.collection(self.options["to"])
        else:
            collections = self.state.player(seat).collections
            spots = {s.collection for s in placements(collections, False)}
            if tuple(collections[0]) == tuple(collections[1]):
                spots = {0}  # the same cards on both sides (the first card of a game): either is the same
            if len(spots) != 1:
                raise InputError(_("both collections may take it: add `to 1` or `to 2` (or just 1 or 2 at the end)"))
            collection = spots.pop()
        via = self.card(self.options["via"], "via") if "via" in self.options else None
        discount = self.number(self.options["discount"], "discount") if "discount" in self.options else 0
        return c.PlayOrigami(seat, card.id, payment, collection, under, source, via, discount, "free" in self.options)


def _typed(text: str) -> str:
    """What was typed, quoted (nothing: the word for it, quoted the same way)."""
    return repr(text.strip() or _("nothing"))


def narrowing(state: GameState, catalogue: Catalogue, seat: int, what: str) -> tuple[frozenset[CardId], ...]:
    """The cards a name that fits several is narrowed to, one after the other (a pool none of them is in is passed
    over): the ones in this game, then the ones on the table (for a play: in the player's hand, the line or the
    discard, and not already in play), then for a draw or a take the ones in the draw line (the only cards they
    can be). `what`: the verb, or the keyword of the clause the name is in."""
    pools = [in_game(state, catalogue), at_hand(state, seat) if what == "play" else on_table(state)]
    if what in ("draw", "take"):
        pools.append(frozenset(state.line))
    return tuple(pools)


def narrowing_at_end(line: str, state: GameState, catalogue: Catalogue) -> tuple[frozenset[CardId], ...]:
    """`narrowing` for the name at the end of a line being typed (the verb's, or its last clause's)."""
    try:
        parts = split(line)
        seat = _Reader(parts, state, catalogue).seat
    except InputError:
        return narrowing(state, catalogue, state.current, "")
    return narrowing(state, catalogue, seat, parts.clauses[-1][0] if parts.clauses else parts.verb)


def at_hand(state: GameState, seat: int) -> frozenset[CardId]:
    """The cards `seat` could play: known in hand, in the line, on top of the discard."""
    top = state.discard[-1:]
    return frozenset(state.player(seat).hand.known + state.line + top) - frozenset(state.characters)


def in_game(state: GameState, catalogue: Catalogue) -> frozenset[CardId]:
    """The cards this game is played with: its families' origami, its Character pairs, and the rest (rice
    paper and any card of no family)."""
    return frozenset(card.id for card in catalogue.in_games(state.variant.games)
                     if (card.family in state.families if card.is_origami
                         else card.name in state.character_pairs if card.is_character else True))


def on_table(state: GameState) -> frozenset[CardId]:
    """Every card the table can see: known hands, the line, the discard, the collections, Characters in play."""
    seen: set[CardId] = set(state.line) | set(state.discard) | set(state.characters)
    for player in state.players:
        seen.update(player.hand.known)
        seen.update(card for column in player.collections for card in column)
    return frozenset(seen)


def write(command: c.Command, state: GameState) -> str:
    """The line that `parse` reads back as `command` (collections always named)."""
    def cards(ids: tuple[CardId, ...]) -> str:
        return ", ".join(ids)

    def who(seat: int) -> str:
        return "" if seat == state.current else f"{state.players[seat].name}: "

    def clause(keyword: str, ids: tuple[CardId, ...]) -> str:
        return f" {keyword} {cards(ids)}" if ids else ""

    match command:
        case c.DrawCards(player=p, cards=taken, refill=refill, rice_traded=trade):
            return f"{who(p)}draw {cards(taken)}{clause('refill', refill)}" + (f" trade {trade}" if trade else "")
        case c.PlayOrigami():
            paid = clause('pay', command.payment)
            line = f"{who(command.player)}play {command.card}{paid} to {command.collection + 1}"
            line += " under" if command.under else ""
            line += f" from {command.source}" if command.source != "hand" else ""
            line += f" via {command.via}" if command.via else ""
            line += f" discount {command.discount}" if command.discount else ""
            return line + (" free" if command.free else "")
        case c.PlayCharacter(player=p, card=card, payment=payment):
            return f"{who(p)}play {card}{clause('pay', payment)}"
        case c.UseSpecialAction(player=p, collection=col):
            return f"{who(p)}special {col + 1}"
        case c.DrawFromDeck(player=p, count=n, revealed=shown):
            return f"{who(p)}deck {cards(shown) if shown and len(shown) == n else f'{n} {cards(shown)}'.strip()}"
        case c.TakeFromLine(player=p, cards=taken):
            return f"{who(p)}take {cards(taken)}"
        case c.RefillLine(cards=ids):
            return f"refill {cards(ids)}"
        case c.ReplaceLine(cards=ids):
            return f"replace {cards(ids)}"
        case c.TakeFromDiscard(player=p, card=card):
            return f"{who(p)}pick {card}"
        case c.Discard(player=p, cards=ids):
            return f"{who(p)}discard {cards(ids)}"
        case c.PassCards(giver=g, receiver=r, cards=ids, hidden=n):
            return f"{who(g)}pass {cards(ids) if ids else n} to {state.players[r].name}"
        case c.TakeRicePaper(player=p, count=n):
            return f"{who(p)}rice {n}"
        case c.MoveOrigami(owner=p, source=src, target=dst):
            whose = "" if p == state.current else f" of {state.players[p].name}"
            return f"move {src[0] + 1}.{src[1] + 1}{whose} to {dst[0] + 1}.{dst[1] + 1}"
        case c.SwapIn(player=p, collection=col, card=card):
            return f"{who(p)}swap {col + 1} {card}"
        case c.TakeExtraAction(player=p):
            return f"{who(p)}extra"
        case c.CopyEffect(player=p, card=card):
            return f"{who(p)}copy {card}"
        case c.RevealHand(player=p, cards=ids):
            return f"{who(p)}reveal {cards(ids)}"
        case c.EndTurn(player=p, discards=ids, refill=refill):
            return f"{who(p)}end{clause('discard', ids)}{clause('refill', refill)}"
    raise InputError(_("{command} is not typed on the table line").format(command=type(command).__name__))
