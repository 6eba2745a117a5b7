"""The rules reference: every rule id has a title, a paraphrase, a kind and player counts."""
from __future__ import annotations

from scoring.origin.rules import RULES, SCOPES, RuleId, rules_for


def test_every_rule_id_has_an_entry() -> None:
    assert set(RULES) == set(RuleId) == set(SCOPES)
    for rid, rule in RULES.items():
        assert rule.id is rid and rule.title and len(rule.text) > 40
        assert SCOPES[rid].kind in {"R", "F", "C", "S", "S/R", "S/C", "C/R", "–"}
        assert SCOPES[rid].players and set(SCOPES[rid].players) <= {"1", "2", "3-5"}


def test_player_count_filter() -> None:
    duo = {r.id for r in rules_for("2")}
    assert RuleId.SK_PLAY in duo and RuleId.SOLO_LEAD not in duo
    assert RuleId.SK_PLAY not in {r.id for r in rules_for("3-5")}
    assert RuleId.SOLO_SURRENDER in {r.id for r in rules_for("1")}
