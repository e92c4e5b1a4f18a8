"""Exact odds of ranged attacks and skirmishes: they sum to 1, match a full enumeration of the dice, and agree with
resolving the attack many times with seeded dice."""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crisis_desktop.domain.encounter import Side
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.rules.skirmish import d20, fighters
from crisis_desktop.rules.skirmish.fight_odds import TIE, decide, ranged_outcomes, skirmish_outcomes
from tests.unit.rules.skirmish.people import RULES, attack, brann, fighter, plain, vera

ENEMY = Side.ENEMIES


def enumerated(rollers, later: bool = False) -> dict[tuple[int, int, int], float]:
    """Every combination of the fighters' kept d20s, decided one by one."""
    out: dict[tuple[int, int, int], float] = {}
    dists = [d20.natural(r.edge) for r in rollers]
    for faces in product(range(1, 21), repeat=len(rollers)):
        p = 1.0
        for face, dist in zip(faces, dists, strict=True):
            p *= dist[face]
        found = decide(rollers, faces, later)
        if found.dealer is None or found.taker is None:
            continue
        m = TIE if found.tie and not found.critical else found.multiplier({})
        key = (found.dealer, found.taker, m)
        out[key] = out.get(key, 0.0) + p
    return out


def skirmishers(party: list[tuple[int, str]], enemies: list[tuple[int, str]]):
    """Fighters by (training, edge), the party first; the first party fighter attacks."""
    def one(i: int, training: int, edge: str, side: Side):
        return fighter(plain(f"F{side.value}{i}", "Shortsword", one_handed=training), side), edge

    people = [one(i, t, e, Side.PARTY) for i, (t, e) in enumerate(party)]
    people += [one(i, t, e, ENEMY) for i, (t, e) in enumerate(enemies)]
    (first, first_edge), rest = people[0], people[1:]
    request = attack(first, "Shortsword", *[a for a, _e in rest], edge=first_edge)
    targets = tuple(type(t)(t.actor, {"target_edge": e}) for t, (_a, e) in zip(request.targets, rest, strict=True))
    return type(request)(request.attacker, request.weapon, targets, request.inputs)


EDGES = st.sampled_from(["none", "advantage", "disadvantage"])
FIGHTER = st.tuples(st.integers(0, 8), EDGES)


@settings(max_examples=12, deadline=None)
@given(st.lists(FIGHTER, min_size=1, max_size=2), st.lists(FIGHTER, min_size=1, max_size=2),
       st.sampled_from(["seed", "later"]))
def test_skirmish_odds_equal_a_full_enumeration_and_sum_to_one(party, enemies, text) -> None:
    request = skirmishers(party, enemies)
    rollers = fighters.skirmish_rollers(request, {})
    exact = skirmish_outcomes(rollers, {"paraverse_text": text})
    brute = enumerated(rollers, text == "later")
    assert set(k for k, v in exact.items() if v > 1e-12) == set(brute)
    for key, p in brute.items():
        assert exact[key] == pytest.approx(p, abs=1e-9)
    odds = RULES.fight_odds(request, {"paraverse_text": text})
    assert sum(odds.sides.values()) + odds.nobody == pytest.approx(1)
    for p in odds.participants:
        assert sum(p.damage.values()) == pytest.approx(1) and sum(p.pain.values()) == pytest.approx(1)
        assert 0 <= p.critical + p.supercritical <= p.takes + 1e-9
    assert sum(p.takes for p in odds.participants) == pytest.approx(1 - odds.nobody)
    assert sum(p.deals for p in odds.participants) == pytest.approx(1 - odds.nobody)


@given(st.integers(-3, 8), st.integers(-3, 8), EDGES, EDGES)
def test_ranged_odds_sum_to_one_and_match_counting(a_mod: int, d_mod: int, a_edge: str, d_edge: str) -> None:
    shooter = fighter(plain("Ana", "Longbow", marksman=max(0, a_mod), dex=10 + min(0, a_mod)))
    target = fighter(plain("Bo", "Club", evasion=max(0, d_mod), dex=10 + min(0, d_mod)), ENEMY)
    request = attack(shooter, "Longbow", target, edge=a_edge)
    aimed = type(request.targets[0])(target, {"target_edge": d_edge})
    request = type(request)(request.attacker, request.weapon, (aimed,), request.inputs)
    a, d = fighters.ranged_rollers(request, {})
    hit = sum(pa * pd for na, pa in d20.natural(a.edge).items() for nd, pd in d20.natural(d.edge).items()
              if na + a.modifier.value > nd + d.modifier.value)
    assert sum(ranged_outcomes(a, d).values()) == pytest.approx(hit)
    odds = RULES.attacks.attack_odds(request, {})
    assert odds.hit == pytest.approx(hit) and sum(odds.damage.values()) == pytest.approx(1)


def test_even_ranged_odds_and_the_damage_distribution() -> None:
    request = attack(fighter(plain("Ana", "Longbow")), "Longbow", fighter(plain("Bo", "Club"), ENEMY))
    odds = RULES.attacks.attack_odds(request, {})
    assert odds.hit == pytest.approx(190 / 400)
    # differences 1-5: 10 damage, 6-10: 20, 11-19: 30 (no armour)
    assert odds.damage[10] == pytest.approx(sum(20 - k for k in range(1, 6)) / 400)
    assert odds.damage[20] == pytest.approx(sum(20 - k for k in range(6, 11)) / 400)
    assert odds.damage[30] == pytest.approx(sum(20 - k for k in range(11, 20)) / 400)
    full = RULES.fight_odds(request, {})
    bo = full.of("cb-bo")
    # CON 10: 10 and 20 damage are critical, 30 supercritical, wherever it lands
    assert bo.critical == pytest.approx(odds.damage[10] + odds.damage[20])
    assert bo.supercritical == pytest.approx(odds.damage[30])
    assert full.sides["party"] == pytest.approx(odds.hit) and full.nobody == pytest.approx(1 - odds.hit)


def _sample(request, runs: int, seed: int) -> tuple[dict[str, float], dict[str, float], dict[str, float]]:
    dice = RandomDice(seed)
    wins: dict[str, float] = {}
    takes: dict[str, float] = {}
    damage: dict[str, float] = {}
    for _ in range(runs):
        result = RULES.attacks.resolve_attack(request, dice, {})
        for r in (result, *result.followups):
            if r.hit:
                key = r.target.combatant.id
                takes[key] = takes.get(key, 0) + 1 / runs
                damage[key] = damage.get(key, 0) + r.damage.taken.value / runs
                side = "party" if r.target.combatant.side is ENEMY else "enemies"
                wins[side] = wins.get(side, 0) + 1 / runs
    return wins, takes, damage


@pytest.mark.parametrize("shape", ["ranged", "2v1", "2v2"])
def test_the_odds_agree_with_sampling(shape: str) -> None:
    v, b, ana, olaf = (fighter(vera()), fighter(brann(), ENEMY), fighter(plain("Ana", "Shortsword")),
                       fighter(plain("Olaf", "Club", one_handed=2), ENEMY))
    request = {"ranged": attack(v, "Longbow", b), "2v1": attack(v, "Longsword", b, ana),
               "2v2": attack(v, "Longsword", b, ana, olaf, edge="advantage")}[shape]
    odds = RULES.fight_odds(request, {})
    wins, takes, damage = _sample(request, 3000, 7)
    for side, p in odds.sides.items():
        assert wins.get(side, 0) == pytest.approx(p, abs=0.03), side
    for p in odds.participants:
        assert takes.get(p.key, 0) == pytest.approx(p.takes, abs=0.03), p.name
        spread = (sum(v * v * q for v, q in p.damage.items()) - p.expected_damage ** 2) ** 0.5
        assert damage.get(p.key, 0) == pytest.approx(p.expected_damage, abs=4 * spread / 3000 ** 0.5), p.name


def test_attack_odds_lists_further_targets_in_declared_order() -> None:
    v, b, ana, olaf = (fighter(vera()), fighter(brann(), ENEMY), fighter(plain("Ana", "Shortsword")),
                       fighter(plain("Olaf", "Club"), ENEMY))
    request = attack(v, "Longsword", b, ana, olaf)
    full = RULES.fight_odds(request, {})
    odds = RULES.attacks.attack_odds(request, {})
    assert odds.hit == pytest.approx(full.of("cb-brann").takes)
    assert [f.hit for f in odds.further] == pytest.approx([full.of("cb-ana").takes, full.of("cb-olaf").takes])
    assert [p.name for p in full.participants] == ["Vera", "Brann", "Ana", "Olaf"]


def test_three_against_three_computes_and_drops_are_counted() -> None:
    people = [fighter(plain(n, "Shortsword", one_handed=1)) for n in ("A", "B", "C")]
    foes = [fighter(plain(n, "Greataxe", two_handed=2, status={"fatigue": 4}), ENEMY) for n in ("X", "Y", "Z")]
    odds = RULES.fight_odds(attack(people[0], "Shortsword", *foes, *people[1:]), {})
    assert sum(odds.sides.values()) + odds.nobody == pytest.approx(1)
    for foe in odds.participants[1:4]:       # Stamina 1: any blow past armour drops them
        assert foe.drop == pytest.approx(foe.takes)
