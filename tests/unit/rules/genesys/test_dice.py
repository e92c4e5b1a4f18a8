"""The six narrative dice face by face against the rules notes, pools, cancellation, and exact odds: they sum to 1,
agree with hand-worked pools and with 200,000 sampled pools, and typed dice replay a sampled roll."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from crisis_desktop.rules.genesys import narrative
from crisis_desktop.rules.genesys.narrative import Pool, skill_pool
from crisis_desktop.rules.kernel.dice import RandomDice, TypedDice
from crisis_desktop.rules.kernel.tally import Tally

# The face tables exactly as the rules notes write them (NOTES.md, genesys): S success, A advantage, F failure,
# Th threat, Tr triumph (also a success), De despair (also a failure).
NOTES = {
    "ability": "blank, S, S, SS, A, A, SA, AA",
    "proficiency": "blank, S, S, SS, SS, A, SA, SA, SA, AA, AA, Tr",
    "boost": "blank, blank, S, SA, AA, A",
    "difficulty": "blank, F, FF, Th, Th, Th, ThTh, FTh",
    "challenge": "blank, F, F, FF, FF, Th, Th, FTh, FTh, ThTh, ThTh, De",
    "setback": "blank, blank, F, F, Th, Th",
}
WORDS = {"S": ["success"], "A": ["advantage"], "F": ["failure"], "Th": ["threat"], "Tr": ["triumph", "success"],
         "De": ["despair", "failure"]}


def notes_face(text: str) -> Tally:
    if text == "blank":
        return Tally()
    symbols = []
    for code in ("Th", "Tr", "De", "S", "A", "F"):
        while code in text:
            symbols += WORDS[code]
            text = text.replace(code, "", 1)
    assert text == "", text
    return Tally.of(*symbols)


@pytest.mark.parametrize("key", list(NOTES))
def test_each_die_has_the_faces_of_the_rules_notes_in_their_order(key):
    kind = narrative.kinds()[key]
    expected = [notes_face(t.strip()) for t in NOTES[key].split(",")]
    assert kind.sides == len(expected) == {"ability": 8, "proficiency": 12, "boost": 6, "difficulty": 8,
                                           "challenge": 12, "setback": 6}[key]
    assert [f.symbols for f in kind.faces] == expected
    # Each face's text types that face (the first face with those symbols).
    for number, face in enumerate(kind.faces, start=1):
        assert kind.symbols(kind.face_number(face.text)) == kind.symbols(number)


def test_the_dice_have_the_colours_a_player_knows():
    assert {k: d.colour for k, d in narrative.kinds().items()} == {
        "ability": "green", "proficiency": "yellow", "boost": "blue", "difficulty": "purple", "challenge": "red",
        "setback": "black"}


@pytest.mark.parametrize(("characteristic", "rank", "green", "yellow"),
                         [(2, 0, 2, 0), (3, 2, 1, 2), (2, 4, 2, 2), (4, 4, 0, 4), (1, 5, 4, 1), (5, 1, 4, 1)])
def test_green_dice_are_the_higher_of_characteristic_and_rank_and_the_lower_of_them_turn_yellow(
        characteristic, rank, green, yellow):
    pool = skill_pool(characteristic, rank)
    assert (pool.ability, pool.proficiency) == (green, yellow)
    assert pool.ability + pool.proficiency == max(characteristic, rank)


def test_upgrades_turn_purple_into_red_and_add_a_die_when_none_is_left():
    pool = Pool(difficulty=2).upgrade_difficulty(1, "ranged at an engaged target")
    assert (pool.difficulty, pool.challenge) == (1, 1)
    pool = pool.upgrade_difficulty(2, "blinded")
    assert (pool.difficulty, pool.challenge) == (1, 2)       # the second upgrade found no purple: one added
    assert pool.steps[-1].text() == "blinded: 2 upgrade difficulty"
    assert (Pool(ability=1).upgrade_ability(2, "GM").ability, Pool(ability=1).upgrade_ability(2, "GM").proficiency) \
        == (1, 1)


def test_successes_cancel_failures_and_advantages_threats_but_triumph_and_despair_stay():
    shown = Tally({"success": 2, "triumph": 1, "failure": 3, "despair": 1, "advantage": 1, "threat": 3})
    assert narrative.cancel(shown) == Tally({"failure": 1, "threat": 2, "triumph": 1, "despair": 1})
    assert narrative.cancel(Tally.of("success", "failure")) == Tally()


def brute(pool: Pool) -> dict[Tally, float]:
    dice = pool.dice()
    out: dict[Tally, float] = {}
    for combo in itertools.product(*(k.faces for k in dice)):
        shown = narrative.cancel(sum((f.symbols for f in combo), Tally()))
        out[shown] = out.get(shown, 0.0) + 1 / math.prod(k.sides for k in dice)
    return out


def test_hand_worked_pools():
    one_green = narrative.pool_odds(Pool(ability=1))
    assert narrative.success_chance(one_green) == pytest.approx(4 / 8)           # s, s, ss, sa
    assert one_green.net("advantage") == pytest.approx({0: 4 / 8, 1: 3 / 8, 2: 1 / 8})
    # One green against one purple: P(S=1) P(F=0) + P(S=2) P(F<=1) = 3/8 * 5/8 + 1/8 * 7/8 = 22/64.
    assert narrative.success_chance(narrative.pool_odds(Pool(ability=1, difficulty=1))) == pytest.approx(22 / 64)
    yellow = narrative.pool_odds(Pool(proficiency=1))
    assert narrative.count(yellow, "triumph") == pytest.approx({0: 11 / 12, 1: 1 / 12})
    assert narrative.success_chance(yellow) == pytest.approx(8 / 12)
    assert narrative.count(narrative.pool_odds(Pool(challenge=1)), "despair") == pytest.approx({0: 11 / 12, 1: 1 / 12})
    assert narrative.count(narrative.pool_odds(Pool(ability=3)), "despair") == {0: 1.0}   # no red die: never
    # A boost against a setback: 2/6 show a success, 4/6 of setbacks show no failure.
    assert narrative.success_chance(narrative.pool_odds(Pool(boost=1, setback=1))) == pytest.approx(2 / 9)
    assert narrative.success_chance(narrative.pool_odds(Pool())) == 0.0          # nothing rolled: no success


@pytest.mark.parametrize("pool", [Pool(ability=2, proficiency=1, difficulty=2),
                                  Pool(proficiency=2, boost=1, challenge=1, setback=1),
                                  Pool(ability=1, boost=1, difficulty=1, challenge=1, setback=1)])
def test_exact_odds_are_every_combination_of_faces_counted(pool):
    exact = narrative.pool_odds(pool)
    counted = brute(pool)
    assert set(exact) == set(counted)
    assert all(exact[t] == pytest.approx(p, abs=1e-12) for t, p in counted.items())


@pytest.mark.parametrize("pool", [Pool(proficiency=6, challenge=6), Pool(ability=3, proficiency=3, boost=2,
                                                                          difficulty=2, challenge=2, setback=2)])
def test_exact_odds_sum_to_one_over_every_result_and_every_symbol(pool):
    exact = narrative.pool_odds(pool)
    assert sum(exact.values()) == pytest.approx(1.0, abs=1e-12)
    for axis in exact.axes:
        assert sum(exact.net(axis).values()) == pytest.approx(1.0, abs=1e-12)


def sample(pool: Pool, n: int, seed: int) -> np.ndarray:
    """n rolls of the pool, each die's face drawn by numpy (not by the rules' code): per roll the net successes,
    net advantage, triumphs and despairs."""
    rng = np.random.default_rng(seed)
    total = np.zeros((n, 4), dtype=np.int64)
    for kind in pool.dice():
        table = np.array([[f.symbols.net("success", "failure"), f.symbols.net("advantage", "threat"),
                           f.symbols.get("triumph"), f.symbols.get("despair")] for f in kind.faces])
        total += table[rng.integers(0, kind.sides, size=n)]
    return total


@pytest.mark.parametrize("pool", [Pool(proficiency=2, ability=1, boost=1, difficulty=2, setback=1),
                                  Pool(proficiency=6, challenge=6),
                                  Pool(ability=4, proficiency=2, boost=2, difficulty=3, challenge=1, setback=2)])
def test_exact_odds_agree_with_200000_sampled_pools_within_4_standard_deviations(pool):
    n = 200_000
    rolls = sample(pool, n, seed=14)
    exact = narrative.pool_odds(pool)

    def agrees(p: float, hits: int) -> bool:
        sd = math.sqrt(max(p * (1 - p), 1e-12) / n)
        return abs(hits / n - p) <= 4 * sd + 1e-9

    assert agrees(narrative.success_chance(exact), int((rolls[:, 0] >= 1).sum()))
    for advantage, p in exact.net("advantage").items():
        assert agrees(p, int((rolls[:, 1] == advantage).sum())), advantage
    for triumphs, p in narrative.count(exact, "triumph").items():
        assert agrees(p, int((rolls[:, 2] == triumphs).sum())), triumphs
    assert agrees(1 - narrative.count(exact, "despair").get(0, 0.0), int((rolls[:, 3] >= 1).sum()))


def test_typed_symbol_dice_replay_a_sampled_roll():
    pool = Pool(ability=2, proficiency=2, boost=1, difficulty=1, challenge=2, setback=1)
    for seed in range(20):
        rolled = narrative.roll(pool, RandomDice(seed), "Kara")
        typed = TypedDice(rolled.faces())
        again = narrative.roll(pool, typed, "Kara")
        assert again.net == rolled.net and again.shown == rolled.shown and typed.remaining == 0
        # Faces showing the same symbols are one face to type: each die shows what it showed.
        assert [k.symbols(d.value) for k, d in zip(again.kinds, again.dice, strict=True)] == \
            [k.symbols(d.value) for k, d in zip(rolled.kinds, rolled.dice, strict=True)]


def test_a_face_the_die_does_not_have_is_refused_with_the_faces_it_has():
    with pytest.raises(ValueError, match="The Setback die has the faces blank, f, th; 'tr' was entered"):
        narrative.roll(Pool(setback=1), TypedDice(["tr"]), "Kara")
