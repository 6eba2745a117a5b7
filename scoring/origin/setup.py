"""Seats, dealers and leaders for the three modes, and the per-round constants (ORIGIN_STORY.md §3.1, §3.2).

Table (3–5): the players in seat order clockwise. Duo: two players and two sidekicks, each sidekick to its
player's right, so clockwise `A → SK(B) → B → SK(A)` (OS-SK-SEATS). Solo: the cycle You → Automaton →
Factoryon (OS-SOLO-CYCLE). Sidekicks never deal and never lead: their player does (OS-SK-NOLEAD)."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from ..errors import InputError
from ..i18n import N_, _

ROUNDS = 5
TRICKS = 8
HAND = 8
VANCARDIANS = ("Automaton", "Factoryon")
SIDEKICK_PREFIX = "SK "


class Mode(StrEnum):
    TABLE = "table"
    DUO = "duo"
    SOLO = "solo"


class Kind(StrEnum):
    PLAYER = "player"
    SIDEKICK = "sidekick"
    VANCARDIAN = "vancardian"


@dataclass(frozen=True, slots=True)
class Seat:
    name: str
    kind: Kind = Kind.PLAYER
    of: str = ""  # a sidekick's player

    @property
    def scores(self) -> bool:
        """Players and Vancardians score; a sidekick is not a player (OS-SK-TRICK)."""
        return self.kind is not Kind.SIDEKICK


def sidekick_of(player: str) -> str:
    return f"{SIDEKICK_PREFIX}{player}"


@dataclass(frozen=True, slots=True)
class Seating:
    """The seats clockwise. Names are matched case-insensitively everywhere (`bob` is Bob)."""

    mode: Mode
    seats: tuple[Seat, ...]
    # Made once with the seating (the referee asks for them at every play): the seats' names, and who gets a score
    # line (players, and in solo the Vancardians too).
    names: tuple[str, ...] = field(init=False, repr=False, compare=False)
    scorers: tuple[str, ...] = field(init=False, repr=False, compare=False)
    by_name: dict[str, Seat] = field(init=False, repr=False, compare=False)  # each seat by its name as seated

    def __post_init__(self) -> None:
        object.__setattr__(self, "names", tuple(s.name for s in self.seats))
        object.__setattr__(self, "scorers", tuple(s.name for s in self.seats if s.scores))
        object.__setattr__(self, "by_name", {s.name: s for s in self.seats})

    @property
    def dealers(self) -> tuple[str, ...]:
        """Who can hold the dealer token, in the order it travels: never a sidekick."""
        return tuple(s.name for s in self.seats if s.kind is not Kind.SIDEKICK)

    def seat(self, name: str) -> Seat:
        found = self.by_name.get(name)  # most names are given as seated: found without folding every seat's name
        if found is not None:
            return found
        wanted = name.strip().casefold()
        for s in self.seats:
            if s.name.casefold() == wanted:
                return s
        raise InputError(_("{name} is not a seat: the seats are {seats}").format(name=repr(name.strip()),
                                                                                seats=", ".join(self.names)))

    def has(self, name: str) -> bool:
        wanted = name.strip().casefold()
        return any(s.name.casefold() == wanted for s in self.seats)

    def index(self, name: str) -> int:
        return self.names.index(self.seat(name).name)

    def order_from(self, leader: str) -> tuple[str, ...]:
        """Every seat once, clockwise from the leader (OS-ORDER)."""
        i = self.index(leader)
        return self.names[i:] + self.names[:i]

    def leads_for(self, name: str) -> str:
        """Who actually leads when the lead falls to `name`: a sidekick's player instead (OS-SK-NOLEAD)."""
        s = self.seat(name)
        return s.of if s.kind is Kind.SIDEKICK else s.name

    def first_leader(self, dealer: str) -> str:
        """Trick 1: the seat to the dealer's left, or that sidekick's player (OS-LEAD-FIRST). Duo, A deals:
        A's left is SK(B), so B leads."""
        d = self.seat(dealer)
        if d.kind is Kind.SIDEKICK:
            raise InputError(_("{seat} is a sidekick: sidekicks never deal").format(seat=d.name))
        return self.leads_for(self.names[(self.index(d.name) + 1) % len(self.seats)])

    def dealer_of_round(self, first_dealer: str, round_no: int) -> str:
        """Round r's dealer: (d0 + r − 1) mod n over those who can deal (OS-DEALER-ROTATE)."""
        dealers = self.dealers
        start = dealers.index(self.seat(first_dealer).name)
        return dealers[(start + round_no - 1) % len(dealers)]

    def next_dealer(self, dealer: str) -> str:
        dealers = self.dealers
        return dealers[(dealers.index(self.seat(dealer).name) + 1) % len(dealers)]


def seating(mode: Mode | str, players: list[str] | tuple[str, ...]) -> Seating:
    """The seats for a mode from the players in seat order clockwise (OS-PLAYERS)."""
    mode = Mode(mode)
    names = [p.strip() for p in players]
    if any(not n for n in names):
        raise InputError(_("a player's name is empty"))
    folded = [n.casefold() for n in names]
    if len(set(folded)) != len(folded):
        raise InputError(_("two players share a name in {names}: names must differ").format(names=names))
    if mode is Mode.TABLE:
        if not 3 <= len(names) <= 5:
            raise InputError(_("the table mode is for 3 to 5 players, not {n} (2: duo, 1: solo)").format(n=len(names)))
        return Seating(mode, tuple(Seat(n) for n in names))
    if mode is Mode.DUO:
        if len(names) != 2:
            raise InputError(_("the duo mode is for exactly 2 players, not {n}").format(n=len(names)))
        a, b = names
        return Seating(mode, (Seat(a), Seat(sidekick_of(b), Kind.SIDEKICK, b), Seat(b),
                              Seat(sidekick_of(a), Kind.SIDEKICK, a)))
    if len(names) != 1:
        raise InputError(_("the solo mode is for exactly 1 player, not {n}").format(n=len(names)))
    if names[0].casefold() in {v.casefold() for v in VANCARDIANS}:
        raise InputError(_("{name} is a Vancardian's name: pick another name for the player").format(
            name=repr(names[0])))
    return Seating(mode, (Seat(names[0]), *(Seat(v, Kind.VANCARDIAN) for v in VANCARDIANS)))


def mode_for(count: int) -> Mode:
    if count == 1:
        return Mode.SOLO
    if count == 2:
        return Mode.DUO
    if 3 <= count <= 5:
        return Mode.TABLE
    raise InputError(_("Origin Story is for 1 to 5 players, not {n}").format(n=count))


def stamina_gain(round_no: int) -> int:
    """+1 stamina in rounds 1–4, none in round 5 (OS-STAMINA-GAIN)."""
    return 1 if 1 <= round_no <= 4 else 0


def stamina_by_round(start: int = 1) -> tuple[int, ...]:
    """Stamina held in each round's charge step without ability changes: 2, 3, 4, 5, 5."""
    held, out = start, []
    for r in range(1, ROUNDS + 1):
        held += stamina_gain(r)
        out.append(held)
    return tuple(out)


def has_event(round_no: int) -> bool:
    """One event a game, in round 3 only (OS-EVENT-R3)."""
    return round_no == 3


def setup_checklist(players: int) -> tuple[str, ...]:
    """What `companion origin setup --players N` prints (OS-SETUP, OS-DEAL, OS-SOLO-SETUP), as lines: in English
    (they are its JSON's `checklist`), each marked for the catalogues and translated where shown."""
    mode = mode_for(players)
    lines = [N_("Each player: a random character mat, an alignment/VP dial at 0 (hero side up), 1 stamina, "
                "and 2 superhero cards kept secret."),
             N_("Shuffle the story deck."),
             N_("Put the 36 stamina tokens in a general supply."),
             N_("Choose the first dealer: whoever most recently watched a superhero film (or by lot).")]
    if mode is Mode.SOLO:
        lines += [N_("Each Vancardian (Automaton, Factoryon): a dial at 0, hero side up, for the whole game."),
                  N_("Shuffle the 8 red-lightning and the 8 green-lightning Vancardian cards into two face-down "
                     "piles."),
                  N_("Choose a difficulty D from 0 to 5: D cards of the difficulty pile at the bottom, 5 − D of the "
                     "other pile on top; never shuffle it. The piles left are the two event decks."),
                  N_("Set the 4 extra-love cards aside; the event cards are not used in solo."),
                  N_("The dealer token goes to a random one of the three seats (You, Automaton, Factoryon).")]
    else:
        lines.append(N_("Shuffle the event deck (one event is used, in round 3)."))
    if mode is Mode.DUO:
        lines.append(N_("Seat each player's sidekick to that player's right: A, SK(B), B, SK(A) clockwise. "
                        "Sidekicks never deal and never lead."))
    lines.append({
        Mode.TABLE: N_("Each round: deal 8 cards to every player."),
        Mode.DUO: N_("Each round: deal 8 cards to every player and sidekick, then turn 2 of each sidekick's cards "
                     "face up."),
        Mode.SOLO: N_("Each round: deal 8 cards to every seat, face up (the Vancardians in rows, in draw order)."),
    }[mode])
    return tuple(lines)
