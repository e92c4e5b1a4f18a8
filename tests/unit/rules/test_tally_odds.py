"""A Cancellation as the pool's reduce: the same exact odds as cancelling tally by tally, worked out on arrays, with
the distribution of each symbol at hand (checked on the symbol dice of tests/fakes/symbols.py)."""

from __future__ import annotations

import pytest

from crisis_desktop.rules.kernel import odds
from crisis_desktop.rules.kernel.dice import DieKind, Face
from crisis_desktop.rules.kernel.tally import Cancellation, Tally
from crisis_desktop.rules.kernel.tally_odds import TallyOdds
from tests.fakes.symbols import EDGE, SNAG, cancel

CANCEL = Cancellation((("success", "failure"), ("advantage", "threat")))
# A die with a symbol in no pair, and a face with a symbol on both sides of a pair.
SPARK = DieKind("spark", "Spark die", (Face("blank", Tally()), Face("x", Tally.of("spark", "success")),
                                       Face("sf", Tally.of("success", "failure"))))


def test_a_cancellation_leaves_the_symbol_that_outnumbers_the_other_and_keeps_the_rest():
    assert CANCEL(Tally({"success": 3, "failure": 1, "threat": 2, "triumph": 1})) == \
        Tally({"success": 2, "threat": 2, "triumph": 1})
    assert CANCEL(Tally({"success": 1, "failure": 1})) == Tally()
    assert all(CANCEL(t) == cancel(t) for t in (Tally.of("failure", "advantage"), Tally({"threat": 3, "advantage": 1})))
    with pytest.raises(ValueError, match="one cancelling pair only"):
        Cancellation((("success", "failure"), ("success", "threat")))


@pytest.mark.parametrize("pool", [[], [EDGE], [EDGE, SNAG], [EDGE, EDGE, EDGE, SNAG, SNAG], [SNAG] * 4,
                                  [SPARK, EDGE, SPARK, SNAG]])
def test_the_array_odds_are_the_odds_of_cancelling_tally_by_tally(pool):
    fast = odds.pool(pool, reduce=CANCEL)
    slow = odds.pool(pool, reduce=CANCEL.__call__)     # a plain callable: the generic path
    assert isinstance(fast, TallyOdds) and not isinstance(slow, TallyOdds)
    assert set(fast) == set(slow) and len(fast) == len(slow)
    assert all(fast[t] == pytest.approx(p, abs=1e-15) for t, p in slow.items())
    assert sum(fast.values()) == pytest.approx(1.0)


def test_each_axis_has_its_distribution_and_agrees_with_the_tallies():
    pool = [EDGE, EDGE, SNAG, SPARK]
    fast = odds.pool(pool, reduce=CANCEL)
    assert fast.axes == ("success", "advantage", "spark")
    tallies = dict(fast.items())
    assert fast.net("success") == pytest.approx(odds.mapped_keys(tallies, lambda t: t.net("success", "failure")))
    assert fast.net("spark") == pytest.approx(odds.mapped_keys(tallies, lambda t: t.get("spark")))
    assert fast.joint("advantage", "success") == pytest.approx(
        odds.mapped_keys(tallies, lambda t: (t.net("advantage", "threat"), t.net("success", "failure"))))
    with pytest.raises(KeyError, match="No axis 'threat'"):
        fast.net("threat")


def test_asking_for_a_tally_the_pool_never_shows_is_a_key_error():
    fast = odds.pool([EDGE, SNAG], reduce=CANCEL)
    assert Tally.of("success") in fast
    for never in (Tally.of("success", "failure"), Tally({"success": 9}), Tally.of("triumph"), Tally.of("spark")):
        assert never not in fast
        with pytest.raises(KeyError):
            fast[never]


def test_tallies_built_from_sorted_counts_are_the_tallies_built_any_other_way():
    made = Tally.from_sorted((("advantage", 2), ("success", 1)))
    assert made == Tally({"success": 1, "advantage": 2}) and hash(made) == hash(Tally.of("advantage", "advantage",
                                                                                        "success"))
