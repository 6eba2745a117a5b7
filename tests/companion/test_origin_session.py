"""OriginSession on a real SQLite file: decide -> durable append -> evolve; resume, undo, retries, two windows,
finish into the history, the app deck's draws, and `companion origin replay GAME`."""
from __future__ import annotations

import json
import random
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from companion import cli
from companion.games import KINDS
from companion.origin import replay as origin_replay
from companion.origin.playout import play_game, play_round
from companion.origin.session import OriginSession
from db.errors import StaleGame
from db.records import Undone
from db.store import Store
from scoring.decision import Rejected
from scoring.origin import commands as c
from scoring.origin import events as e
from scoring.origin.cards import parse_card
from scoring.origin.evolve import project
from scoring.origin.round_input import Alignment, parse_effect
from scoring.origin.state import Phase, Step

H, V = Alignment.HERO, Alignment.VILLAIN


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "games.db"


@pytest.fixture
def store(path: Path) -> Iterator[Store]:
    opened = Store.open(f"sqlite:///{path}", KINDS)
    yield opened
    opened.close()


class Keys:
    """A fresh idempotency key per action, as the app makes them."""

    def __init__(self, prefix: str = "k") -> None:
        self.n, self.prefix = 0, prefix

    def __call__(self) -> str:
        self.n += 1
        return f"{self.prefix}{self.n}"


def submitter(session: OriginSession, keys: Keys) -> Callable[[Any], Any]:
    def submit(command: Any) -> Any:
        done = session.submit(command, keys())
        assert done.accepted and done.recorded, done.decision
        return done
    return submit


def started(store: Store, mode: str = "table", players: tuple[str, ...] = ("Ann", "Bob", "Cat"),
            **extra: Any) -> OriginSession:
    session = OriginSession.start(store, c.StartGame(mode, players, **extra), key="start",
                                  rng=random.Random(7))
    assert isinstance(session, OriginSession)
    return session


def test_a_whole_table_game_is_recorded_resumed_and_finished(store: Store) -> None:
    session = started(store)
    play_game(submitter(session, Keys()), lambda: session.state, random.Random(5), mode="table",
              players=("Ann", "Bob", "Cat"), level="mixed")
    assert session.state.phase is Phase.OVER
    resumed = OriginSession(store, session.game_id)  # a new start of the program
    assert resumed.state == session.state
    sheet = resumed.finish()
    results = store.results.of(session.game_id)
    assert store.games.get(session.game_id).status == "finished"
    assert [r["name"] for r in results] == ["Ann", "Bob", "Cat"]
    assert [r["score"] for r in results] == [p.total for p in sheet.players]
    assert [r["name"] for r in results if r["winner"]] == list(sheet.winners)
    assert [len(r["sheet"]["rounds"]) for r in results] == [5, 5, 5]
    assert {"alignment", "tricks", "alignment_vp", "abilities", "round_vp"} <= set(results[0]["sheet"]["rounds"][0])


def test_a_refused_setup_creates_no_game(store: Store) -> None:
    refused = OriginSession.start(store, c.StartGame("table", ("Ann", "Bob")), key="bad")
    assert isinstance(refused, Rejected)
    assert store.games.all() == []


def test_a_game_reopened_mid_round_resumes_exactly(store: Store) -> None:
    session = started(store)
    submit = submitter(session, Keys())
    submit(c.ChooseDealer("Cat"))
    submit(c.StartRound())
    submit(c.RevealAlignments((("Ann", H), ("Bob", V), ("Cat", H))))
    for seat, card in (("Ann", "7br"), ("Bob", "10br"), ("Cat", "13sp"), ("Bob", "2st")):
        submit(c.PlayCard(seat, parse_card(card)))
    reopened = OriginSession(store, session.game_id)
    assert reopened.state == session.state == project([x.event for x in store.log.events(session.game_id)])
    assert reopened.state.round is not None and reopened.state.round.won() == {"Bob": 1}
    count = len(store.log.events(session.game_id))
    refused = reopened.submit(c.PlayCard("Ann", parse_card("3st")), "wrong-seat")  # Cat plays next
    assert not refused.accepted and not refused.recorded and len(store.log.events(session.game_id)) == count
    assert reopened.submit(c.PlayCard("Cat", parse_card("3st")), "next").recorded


def test_undo_takes_back_the_last_action_and_a_retry_records_nothing_twice(store: Store) -> None:
    session = started(store)
    assert session.submit(c.ChooseDealer("Cat"), "d").recorded
    assert session.submit(c.StartRound(), "r1").recorded
    assert session.submit(c.RevealAlignments((("Ann", H), ("Bob", H), ("Cat", H))), "a").recorded
    before = session.state
    assert session.submit(c.NameWinner("Bob"), "w1").recorded
    retried = session.submit(c.NameWinner("Bob"), "w1")
    assert retried.accepted and not retried.recorded
    assert len([x for x in store.log.events(session.game_id) if isinstance(x.event, e.TrickWon)]) == 1
    target = session.undo("wrong winner", "u1")
    assert isinstance(target.event, e.TrickWon)
    assert session.state == before
    session.undo("wrong winner", "u1")  # the undo retried: nothing more undone
    assert session.state == before
    assert sum(isinstance(x.event, Undone) for x in store.log.events(session.game_id)) == 1


def test_two_windows_on_one_game_the_second_writer_is_stale(store: Store) -> None:
    one = started(store)
    two = OriginSession(store, one.game_id)
    assert one.submit(c.ChooseDealer("Ann"), "one").recorded
    with pytest.raises(StaleGame):
        two.submit(c.ChooseDealer("Bob"), "two")
    assert two.state == one.state  # reloaded: it now sees Ann's deal


def test_a_shared_victory_is_written_with_both_winners(store: Store) -> None:
    session = started(store)
    submit = submitter(session, Keys())
    submit(c.ChooseDealer("Cat"))
    for _ in range(5):
        submit(c.StartRound())
        submit(c.RevealAlignments((("Ann", H), ("Bob", H), ("Cat", V))))
        for n in range(8):
            submit(c.NameWinner("Ann" if n % 2 else "Bob"))
        submit(c.EndRound())
    assert OriginSession(store, session.game_id).score().shared
    session.finish()
    results = store.results.of(session.game_id)
    assert [(r["name"], r["score"], r["rank"], r["winner"]) for r in results] == [
        ("Ann", 20, 1, True), ("Bob", 20, 1, True), ("Cat", 20, 1, True)]


def test_a_duo_game_finishes_with_the_players_only(store: Store) -> None:
    session = started(store, "duo", ("Ann", "Bob"))
    play_game(submitter(session, Keys()), lambda: session.state, random.Random(2), mode="duo",
              players=("Ann", "Bob"))
    session.finish()
    assert [r["name"] for r in store.results.of(session.game_id)] == ["Ann", "Bob"]


def solo_app(store: Store) -> OriginSession:
    session = started(store, "solo", ("Ann",), deck="app", difficulty=2, difficulty_colour="red")
    assert session.draw_dealer("lot").recorded
    assert session.draw_dealer("lot").recorded is False  # the lot retried: the same seat, nothing new
    rules = store.games.get(session.game_id).rules
    assert (rules["difficulty"], rules["deck"], rules["replace_order"]) == ("2", "app", "replace")
    return session


def test_the_app_deck_draws_are_recorded_before_use_and_never_twice(store: Store) -> None:
    session = solo_app(store)
    assert session.submit(c.StartRound(), "r1").recorded
    dealt = session.deal_app_deck("deal-you")
    assert dealt.recorded
    again = session.deal_app_deck("deal-you")  # the same action retried: the same cards, nothing new
    assert not again.recorded and again.decision == dealt.decision
    assert session.submit(c.RevealAlignments((("Ann", H),)), "align").recorded
    assert session.deal_app_deck("deal-them", "replace 2").recorded
    rows = {x.seat: x.cards for x in dealt.decision.events}  # type: ignore[union-attr]
    assert len(rows["Ann"]) == 8
    count = len(store.log.events(session.game_id))
    while session.state.phase is Phase.PLAY:  # play until a Vancardian follows
        from scoring.origin.legal import legal_options
        from scoring.origin.referee import referee
        res = referee(session.state.round_input())
        seat, legal = legal_options(res)
        if seat == "Ann":
            assert legal is not None
            assert session.submit(c.PlayCard("Ann", legal[0]), f"p{count}").recorded
        elif res.in_play is not None:
            moved = session.vancardian_plays("follow")
            retry = session.vancardian_plays("follow")
            assert moved.recorded and not retry.recorded and retry.decision == moved.decision
            drawn = [x for x in moved.decision.events if isinstance(x, e.CardsDrawn)]  # type: ignore[union-attr]
            assert drawn and len(drawn[0].cards) == 2
            log = store.log.events(session.game_id)
            assert sum(isinstance(x.event, e.CardsDrawn) for x in log) == 1
            break
        else:
            assert session.vancardian_plays(f"lead{count}").recorded
        count += 1
    reopened = OriginSession(store, session.game_id)
    assert reopened.state == session.state


def test_a_whole_solo_game_with_the_app_deck(store: Store) -> None:
    session = solo_app(store)
    keys = Keys()
    submit = submitter(session, keys)

    def deal(line: str) -> None:
        assert session.deal_app_deck(keys(), line).recorded

    def vancardian() -> None:
        assert session.vancardian_plays(keys()).recorded

    rng = random.Random(3)
    for _ in range(5):
        play_round(submit, lambda: session.state, rng, deal=deal, vancardian=vancardian, surrender=True)
    assert session.state.phase is Phase.OVER
    steps, final = origin_replay.replay(store.log.events(session.game_id))
    assert final == session.state and [s.problems for s in steps if s.problems] == []
    session.finish()
    (ann,) = store.results.of(session.game_id)
    assert ann["name"] == "Ann" and [o["name"] for o in ann["sheet"]["opponents"]] == ["Automaton", "Factoryon"]


# --- `companion origin replay GAME` ------------------------------------------------------------------------

def recorded_game(store: Store) -> OriginSession:
    session = started(store)
    submit = submitter(session, Keys())
    submit(c.ChooseDealer("Cat"))
    submit(c.StartRound())
    submit(c.RevealAlignments((("Ann", H), ("Bob", V), ("Cat", H))))
    for seat, card in (("Ann", "7br"), ("Bob", "10br"), ("Cat", "13sp")):
        submit(c.PlayCard(seat, parse_card(card)))
    submit(c.NameWinner("Cat"))
    session.undo("Bob won it", "u")
    submit(c.NameWinner("Ann"))
    return session


def test_replay_of_a_recorded_game_passes(store: Store, path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    game = recorded_game(store).game_id
    assert cli.main(["--db", f"sqlite:///{path}", "origin", "replay", str(game)]) == 0
    out = capsys.readouterr().out
    assert "Bob won trick 1" in out and "[undone" in out and "every check passed" in out
    assert cli.main(["--db", f"sqlite:///{path}", "origin", "replay", str(game), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["checks"] == "ok" and data["steps"][0]["event"] == "GameStarted"
    assert any(s["undone"] for s in data["steps"])
    assert data["steps"][-1]["state"]["tricks_won"] == {"Bob": 1, "Ann": 1}


def _tamper(path: Path, seq: int, payload: dict[str, Any]) -> None:
    raw = sqlite3.connect(path)
    for (name,) in raw.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall():
        raw.execute(f"DROP TRIGGER {name}")
    raw.execute("UPDATE events SET payload = ? WHERE seq = ?", (json.dumps(payload), seq))
    raw.commit()
    raw.close()


def test_replay_flags_a_winner_the_cards_do_not_give(store: Store, path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    game = recorded_game(store).game_id
    won = next(x for x in store.log.events(game) if isinstance(x.event, e.TrickWon))
    _tamper(path, won.seq, {"round": 1, "trick": 1, "winner": "Ann", "reason": "x", "next_leader": "Ann",
                            "named": False})
    assert cli.main(["--db", f"sqlite:///{path}", "origin", "replay", str(game)]) == 1
    out = capsys.readouterr().out
    assert f"event {won.seq}" in out and "the cards give Bob" in out


def test_replay_of_an_unreadable_event_names_the_game_and_event(store: Store, path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    game = recorded_game(store).game_id
    _tamper(path, 5, {"round": 1, "trick": 1, "seat": "Ann", "card": "99zz"})
    assert cli.main(["--db", f"sqlite:///{path}", "origin", "replay", str(game)]) == 2
    err = capsys.readouterr().err
    assert f"game {game}, event 5" in err and "Traceback" not in err


def test_replay_refuses_an_origami_game(store: Store, path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    game = store.games.create(variant="origami", players=["Ann", "Bob"], families=[], kind="origami").id
    assert cli.main(["--db", f"sqlite:///{path}", "origin", "replay", str(game)]) == 2
    assert "origami" in capsys.readouterr().err


def test_undo_then_redo_is_the_identity(store: Store) -> None:
    session = started(store)
    submit = submitter(session, Keys("x"))
    submit(c.ChooseDealer("Cat"))
    submit(c.StartRound())
    submit(c.RevealAlignments((("Ann", H), ("Bob", H), ("Cat", H))))
    submit(c.PlayCard("Ann", parse_card("7br")))
    after = session.state
    session.undo("typo", "undo")
    assert session.submit(c.PlayCard("Ann", parse_card("7br")), "redo").recorded
    assert session.state == after == OriginSession(store, session.game_id).state


def test_replay_of_a_solo_log_with_a_card_drawn_twice_fails_conservation(store: Store, path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    session = solo_app(store)
    assert session.submit(c.StartRound(), "r1").recorded
    assert session.deal_app_deck("deal-you").recorded
    log = store.log.events(session.game_id)
    dealt = log[-1]
    assert isinstance(dealt.event, e.HandDealt)
    cards = [str(x) for x in dealt.event.cards]
    _tamper(path, dealt.seq, {"seat": "Ann", "count": 8, "cards": [cards[0]] * 2 + cards[2:]})
    assert cli.main(["--db", f"sqlite:///{path}", "origin", "replay", str(session.game_id)]) == 1
    out = capsys.readouterr().out
    assert "in 2 places at once" in out and f"first at event {dealt.seq}" in out


# --- the round stepper through the session ----------------------------------------------------------------

def stepping(store: Store) -> tuple[OriginSession, Keys]:
    session = started(store)
    keys = Keys("s")
    submit = submitter(session, keys)
    submit(c.ChooseDealer("Cat"))
    submit(c.StartRound())
    return session, keys


def test_the_stepper_walks_the_books_order_and_a_charge_is_undone(store: Store) -> None:
    session, keys = stepping(store)
    assert session.next_step is Step.STAMINA
    assert session.gain_stamina(keys()).recorded
    assert session.next_step is Step.STORY
    for p in ("Ann", "Bob", "Cat"):
        assert session.place_story(p, "Trance", keys()).recorded
    assert session.next_step is Step.CHARGE
    assert session.charge("Ann", "Trance", 2, keys()).recorded
    assert session.state.charged("Ann") == 2
    session.undo("meant 1", "undo-charge")
    assert session.state.charged("Ann") == 0 and session.state.held("Ann") == 2
    assert session.next_step is Step.CHARGE
    assert session.charge("Ann", "Trance", 1, keys()).recorded
    assert session.state == OriginSession(store, session.game_id).state
    refused = session.submit(c.ChargeAbility("Bob", "Trance", 3), keys())
    assert not refused.accepted and isinstance(refused.decision, Rejected)
    assert refused.decision.rule.value == "OS-CHARGE-BUDGET"


def test_a_game_reopened_mid_stepper_resumes_at_the_same_step(store: Store) -> None:
    session, keys = stepping(store)
    session.gain_stamina(keys())
    session.place_story("Ann", "Trance", keys())
    resumed = OriginSession(store, session.game_id)
    assert resumed.state == session.state and resumed.next_step is Step.STORY
    assert resumed.place_story("Bob", "Monologuing", "after-resume").recorded
    assert resumed.state.story_cards("Bob") == {1: "Monologuing"}
    assert resumed.charge("Bob", "Monologuing", 1, "c1").recorded
    used = resumed.use_ability(c.UseAbility("Cat", "Trance", (parse_effect("vp +1"),)), "u1")
    assert not used.accepted  # the catalogue knows Trance is a story card: it needs a charge
    assert isinstance(used.decision, Rejected) and used.decision.rule.value == "OS-CHARGED-ONLY"


def test_the_catalogue_feeds_the_solo_ban_and_the_charge_order(store: Store) -> None:
    from companion.origin.catalogue import shipped
    catalogue = shipped().with_entries([("test", {"name": "Trance", "solo_banned": True, "involves_others": True})])
    session = started(store, "solo", ("Ann",), deck="app", difficulty=0, difficulty_colour="red")
    session = OriginSession(store, session.game_id, random.Random(3), catalogue=catalogue)
    assert session.submit(c.ChooseDealer("Ann"), "d").recorded
    assert session.submit(c.StartRound(), "r").recorded
    assert session.deal_app_deck("deal").recorded
    banned = session.place_story("Ann", "Trance", "p1")
    assert isinstance(banned.decision, Rejected) and banned.decision.rule.value == "OS-SOLO-BANNED"
    assert session.place_story("Ann", "Monologuing", "p2").recorded
    assert session.charge("Ann", "Monologuing", 1, "c1", involves_others=False).recorded
    late = session.charge("Ann", "Trance", 1, "c2")  # involves others, says the catalogue: it comes first
    assert isinstance(late.decision, Rejected) and late.decision.rule.value == "OS-CHARGE-ORDER"


def test_replay_names_a_charge_beyond_the_stamina_held(store: Store, path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    session, keys = stepping(store)
    session.gain_stamina(keys())
    session.place_story("Ann", "Trance", keys())  # a story card is charged on its owner's mat (OS-STORY)
    session.charge("Ann", "Trance", 1, keys())
    charged = store.log.events(session.game_id)[-1]
    assert isinstance(charged.event, e.AbilityCharged)
    _tamper(path, charged.seq, {"player": "Ann", "source": "Trance", "stamina": 5, "involves_others": None})
    assert cli.main(["--db", f"sqlite:///{path}", "origin", "replay", str(session.game_id)]) == 1
    out = capsys.readouterr().out
    assert "Ann has 5 stamina charged but holds only 2" in out and f"first at event {charged.seq}" in out


def test_replay_shows_the_step_stamina_and_charges(store: Store, path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    session, keys = stepping(store)
    session.gain_stamina(keys())
    session.place_story("Ann", "Trance", keys())
    session.charge("Ann", "Trance", 2, keys())
    assert cli.main(["--db", f"sqlite:///{path}", "origin", "replay", str(session.game_id), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    last = data["steps"][-1]
    assert last["state"]["stamina"] == {"Ann": 2, "Bob": 2, "Cat": 2}
    assert last["state"]["charged"] == [["Ann", "Trance", 2]] and last["state"]["step"] == "charge"
    assert data["steps"][-2]["when"] == "round 1, story step" and data["checks"] == "ok"


def test_a_solo_game_a_vancardian_won_is_listed_finished_not_in_play(store: Store, path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    session = solo_app(store)
    keys = Keys()
    rng = random.Random(3)
    for _ in range(5):
        play_round(submitter(session, keys), lambda: session.state, rng,
                   deal=lambda line: session.deal_app_deck(keys(), line),
                   vancardian=lambda: session.vancardian_plays(keys()), surrender=True)
    sheet = session.finish()
    assert "Ann" not in sheet.winners  # she surrendered every round: a Vancardian won
    assert cli.main(["--db", f"sqlite:///{path}", "games"]) == 0
    listed = capsys.readouterr().out
    assert "finished, won by none of its players" in listed and "in play" not in listed, listed
