"""Benchmark: exact odds of skirmishes (1 against 1 up to 4 against 4) and of a ranged attack, as ratios against one
resolved skirmish (the same 3 against 3, rolled with seeded dice) measured in the same run. The aim: a 3 against 3
skirmish in well under 50 ms.

Run: python tests/benchmarks/bench_skirmish_odds.py
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from crisis_desktop.domain import Character, CharacterKind, Combatant  # noqa: E402
from crisis_desktop.domain.encounter import Side  # noqa: E402
from crisis_desktop.rules.base import Actor, AttackRequest, AttackTarget  # noqa: E402
from crisis_desktop.rules.kernel.dice import RandomDice  # noqa: E402
from crisis_desktop.rules.skirmish import SkirmishRuleset  # noqa: E402

RULES = SkirmishRuleset()
CATALOGUE = {item.name: item for item in RULES.equipment_catalogue()}
LOADOUTS = (("Longsword", "Chainmail"), ("Greataxe", "Hardened leather"), ("Shortsword", "Heater shield"),
            ("Flail", "Rawhide"))


def fighter(name: str, side: Side, number: int) -> Actor:
    items = [CATALOGUE[n].model_copy(deep=True) for n in LOADOUTS[number % len(LOADOUTS)]]
    stats = {**RULES.sheet.new_stats(CharacterKind.PC), "one_handed": 1 + number % 3, "two_handed": 2,
             "con": 10 + number % 3, "marksman": 2}
    c = Character(id=name, name=name, stats=stats, equipment=items)
    return Actor(c, Combatant(id=f"cb-{name}", character_id=c.id, side=side))


def skirmish(per_side: int, enemies: int | None = None) -> AttackRequest:
    party = [fighter(f"p{i}", Side.PARTY, i) for i in range(per_side)]
    foes = [fighter(f"e{i}", Side.ENEMIES, i + 1) for i in range(per_side if enemies is None else enemies)]
    first = party[0]
    weapon = first.character.equipment[0]
    return AttackRequest(first, weapon, tuple(AttackTarget(a, {"edge": "advantage" if i % 2 else "none"})
                                              for i, a in enumerate([*foes, *party[1:]])))


def per_call(fn: Callable[[], object], runs: int) -> float:
    samples = []
    for _ in range(7):
        start = time.perf_counter()
        for _ in range(runs):
            fn()
        samples.append((time.perf_counter() - start) / runs)
    return statistics.median(samples)


def main() -> None:
    three = skirmish(3)
    RULES.fight_odds(skirmish(1), {})        # numpy's first import is not timed
    dice = RandomDice(1)
    base = per_call(lambda: RULES.attacks.resolve_attack(three, dice, {}), 200)
    print(f"one resolved 3 against 3 skirmish (baseline): {base * 1e3:7.3f} ms")
    bow_user = fighter("archer", Side.PARTY, 0)
    bow_user.character.equipment.append(CATALOGUE["Longbow"].model_copy(deep=True))
    ranged = AttackRequest(bow_user, bow_user.character.equipment[-1], (AttackTarget(fighter("t", Side.ENEMIES, 2)),))
    later = {"paraverse_text": "later"}
    cases = {"ranged attack": (ranged, {}), "1 against 1": (skirmish(1), {}), "2 against 1": (skirmish(2, 1), {}),
             "2 against 2": (skirmish(2), {}), "3 against 3": (three, {}), "3 against 3, later text": (three, later),
             "4 against 4": (skirmish(4), {})}
    for name, (request, options) in cases.items():
        took = per_call(lambda request=request, options=options: RULES.fight_odds(request, options), 20)
        attack_odds = per_call(lambda request=request, options=options: RULES.attacks.attack_odds(request, options), 20)
        print(f"{name:24}: every participant's odds {took * 1e3:7.2f} ms = {took / base:6.1f} x baseline; "
              f"attack_odds {attack_odds * 1e3:7.2f} ms = {attack_odds / base:6.1f} x baseline")


if __name__ == "__main__":
    main()
