"""Dice of symbols: faces typed by their texts, tallies that add up, exact odds over tallies by convolution."""

from __future__ import annotations

import itertools

import pytest

from crisis_desktop.rules.base import CheckRequest, Outcome
from crisis_desktop.rules.kernel import odds
from crisis_desktop.rules.kernel.dice import NeedMoreDice, TypedDice
from crisis_desktop.rules.kernel.tally import Tally
from tests.fakes.symbols import EDGE, SNAG, SymbolsFake, cancel
from tests.fakes.tiny import tiny_campaign


def test_tallies_add_up_compare_and_hash_by_their_counts():
    two = Tally.of("success", "success", "advantage")
    assert two == Tally({"advantage": 1, "success": 2}) and hash(two) == hash(Tally({"success": 2, "advantage": 1}))
    assert two + Tally.of("failure") == Tally({"success": 2, "advantage": 1, "failure": 1})
    assert Tally({"success": 0}) == Tally() and len(Tally({"threat": 0})) == 0
    assert two.net("success", "failure") == 2 and two.get("triumph") == 0
    assert two.describe({"success": "successes"}) == "1 advantage, 2 successes" and Tally().describe() == "nothing"


def test_typed_faces_of_a_symbol_die_are_read_by_their_texts_and_refused_with_the_faces_it_has():
    dice = TypedDice(["sa", "BLANK", 3])
    assert dice.roll(EDGE.sides, "edge", EDGE) == 5          # "sa" is the fifth face
    assert dice.roll(EDGE.sides, "edge", EDGE) == 1
    assert dice.roll(EDGE.sides, "edge", EDGE) == 3          # a number is the face's number
    with pytest.raises(NeedMoreDice, match="Enter another Snag die for fear"):
        dice.roll(SNAG.sides, "fear", SNAG)
    with pytest.raises(ValueError, match=r"The Edge die has the faces blank, s, sa, a; 't' was entered"):
        TypedDice(["t"]).roll(EDGE.sides, "", EDGE)
    with pytest.raises(ValueError, match="shows a number; 'sa' was entered"):
        TypedDice(["sa"]).roll(6, "")


def brute_force(kinds) -> dict[Tally, float]:
    """Every combination of faces, equally likely, cancelled at the end."""
    out: dict[Tally, float] = {}
    combos = list(itertools.product(*(k.faces for k in kinds)))
    for combo in combos:
        shown = cancel(sum((f.symbols for f in combo), Tally()))
        out[shown] = out.get(shown, 0.0) + 1 / len(combos)
    return out


@pytest.mark.parametrize("pool", [[EDGE], [EDGE, SNAG], [EDGE, EDGE, EDGE, SNAG, SNAG], [SNAG, SNAG, SNAG]])
def test_pool_odds_are_exact(pool):
    exact = odds.pool(pool, reduce=cancel)
    expected = brute_force(pool)
    assert set(exact) == set(expected)
    assert all(exact[t] == pytest.approx(p, abs=1e-12) for t, p in expected.items())
    assert sum(exact.values()) == pytest.approx(1.0)
    # Cancelling after each die gives what cancelling at the end gives.
    assert odds.mapped_keys(odds.pool(pool), cancel) == pytest.approx(exact)


def test_a_symbol_check_rolls_its_pool_and_its_odds_price_every_tally():
    rules = SymbolsFake()
    campaign = tiny_campaign(rules.id)
    from crisis_desktop.rules.base import Actor

    ann = Actor(campaign.characters[0])
    request = rules.checks.check_request(ann, "grit", {"difficulty": 1})
    # Two edge dice and one snag die: s + sa against f -> 1 success, 1 advantage.
    result = rules.checks.check(request, TypedDice(["s", "sa", "f"]), {})
    assert result.tally == Tally({"success": 1, "advantage": 1}) and result.outcome is Outcome.SUCCESS
    assert result.describe() == "1 advantage, 1 success: success"
    priced = rules.checks.check_odds(request, {})
    assert sum(priced.tallies.values()) == pytest.approx(1.0)
    assert priced.success == pytest.approx(priced.chance(lambda t: t.get("success") > 0))
    assert priced.tallies == pytest.approx(brute_force([EDGE, EDGE, SNAG]))
    with pytest.raises(ValueError, match="Snag die has the faces"):
        rules.checks.check(CheckRequest(ann, "grit", 1), TypedDice(["s", "s", "sa"]), {})
