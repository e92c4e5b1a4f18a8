"""Genesys item qualities added to those that act already (tests/unit/rules/genesys/test_combat.py covers Accurate,
Inaccurate, Auto-fire, Blast, Cumbersome, Unwieldy, Defensive, Knockdown, Disorient, Stun, Stun Damage, Pierce,
Vicious, Limited Ammo): Breach, Reinforced, Deflection, Inferior, Superior, Linked, Prepare, Sunder and Guided, each
with the numbers the rules give; the odds stay exact."""

from __future__ import annotations

import itertools

import pytest

from crisis_desktop.domain import ItemKind
from crisis_desktop.rules.base import AttackRequest, AttackTarget, SetStatus
from crisis_desktop.rules.genesys import combat, damage
from crisis_desktop.rules.kernel.dice import TypedDice
from tests.unit.rules.genesys.people import RULES, actor, enforcer, kara, pc
from tests.unit.rules.genesys.test_combat import Faces

HIT_4 = ["ss", "ss", "s", "f"]          # Kara's heavy pistol: 5 successes, 1 failure: 4 net, no advantage


def with_qualities(character, name, qualities):
    item = next(i for i in character.equipment if i.name == name)
    item.stats["qualities"] = qualities
    return character


def shot(attacker, target, band="short", **inputs) -> AttackRequest:
    item = next(i for i in attacker.equipment if i.kind is ItemKind.WEAPON)
    return AttackRequest(actor(attacker), item, (AttackTarget(actor(target), {"range_band": band}),), inputs)


def test_breach_ignores_10_soak_per_rank():
    shooter = with_qualities(kara(), "Heavy pistol", "Breach 1")
    result = RULES.attacks.resolve_attack(shot(shooter, enforcer()), TypedDice(HIT_4), {})
    assert result.damage.taken.value == 10                      # 6 + 4, the enforcer's soak 5 all ignored
    assert damage.soak_against(enforcer(), 10, "Breach 1").explain() == \
        "Brawn 3, Padded armour soak +2, Breach 1 -5 = 0"
    assert SetStatus("enforcer", "wounds", 10) in result.effects


def test_reinforced_armour_keeps_its_wearer_s_soak_against_pierce_and_breach():
    rival = with_qualities(enforcer(), "Padded armour", "Reinforced")
    assert RULES.sheet.validate_character(rival) == []
    shooter = with_qualities(kara(), "Heavy pistol", "Pierce 2")
    result = RULES.attacks.resolve_attack(shot(shooter, rival), TypedDice(HIT_4), {})
    assert result.damage.taken.value == 5                       # 10 - soak 5, Pierce 2 taking nothing off
    assert "Reinforced armour: none" in damage.soak_against(rival, 2, "Pierce 2").explain()


def test_deflection_adds_its_rank_to_ranged_defence():
    rival = with_qualities(enforcer(), "Axe", "Deflection 2")
    assert RULES.sheet.derived(rival, {})["ranged_defence"].explain() == "Deflection 2 = 2"
    assert RULES.sheet.derived(rival, {})["melee_defence"].value == 0
    assert combat.attack_pool(shot(kara(), rival), {}).setback == 2


def test_inferior_adds_a_threat_so_three_advantage_no_longer_buy_a_crit_3():
    shooter = with_qualities(kara(), "Heavy pistol", "Inferior")
    result = RULES.attacks.resolve_attack(shot(shooter, enforcer()), TypedDice(["sa", "sa", "sa", "blank"]), {})
    assert result.hit and not any("critical" in n for n in result.notes)
    assert any(n.startswith("2 advantage to spend") for n in result.notes)


def test_superior_adds_an_advantage_so_two_rolled_buy_a_crit_3():
    shooter = with_qualities(kara(), "Heavy pistol", "Superior")
    result = RULES.attacks.resolve_attack(shot(shooter, enforcer()), TypedDice(["sa", "sa", "s", "blank", 42]), {})
    assert "Spent 3 advantage: critical injury (crit 3)" in result.notes
    assert SetStatus("enforcer", "criticals", "knocked_down") in result.effects


def test_linked_turns_2_advantage_into_one_more_hit_at_most_its_rank():
    shooter = with_qualities(kara(), "Heavy pistol", "Linked 1")
    # 2 net successes, 2 advantage (short of the crit 3): the Linked hit; each hit 6 + 2 - soak 5 = 3.
    result = RULES.attacks.resolve_attack(shot(shooter, enforcer()), TypedDice(["sa", "sa", "s", "f"]), {})
    assert "Spent 2 advantage: Linked 1: one more hit" in result.notes
    assert [r.summary for r in result.followups] == ["Linked hit 2 on Enforcer: 3"]
    assert SetStatus("enforcer", "wounds", 6) in result.effects
    # 6 advantage: the critical (3), one Linked hit (2) and no second: 1 left.
    more = RULES.attacks.resolve_attack(shot(shooter, enforcer(), aim=2),
                                        TypedDice(["sa", "aa", "aa", "a", "blank", "blank", 10]), {})
    assert len(more.followups) == 1


def test_prepare_refuses_the_attack_until_its_maneuvers_are_spent_and_quick_draw_takes_one_off():
    shooter = with_qualities(kara(), "Heavy pistol", "Prepare 2")
    price, refusal = RULES.attacks.attack_price(shot(shooter, enforcer()), {})
    assert refusal == "The Heavy pistol must be prepared first: 2 maneuvers (Prepare 2), 0 spent"
    assert RULES.attacks.attack_price(shot(shooter, enforcer(), prepared=2), {})[1] is None
    shooter.stats["talents"] = "Quick Draw"
    assert RULES.attacks.attack_price(shot(shooter, enforcer(), prepared=1), {})[1] is None
    spec = next(s for s in RULES.attacks.attack_inputs(actor(shooter), shooter.equipment[0], 1, {})
                if s.key == "prepared")
    assert spec.maximum == 1


def test_sunder_is_offered_on_a_hit_and_guided_on_a_miss_with_their_advantage():
    shooter = with_qualities(kara(), "Heavy pistol", "Sunder, Guided 3")
    hit = RULES.attacks.resolve_attack(shot(shooter, enforcer()), TypedDice(["sa", "ss", "s", "f"]), {})
    assert any(n.startswith("Sunder: 1 advantage damages one item Enforcer holds or wears one step")
               for n in hit.notes)
    miss = RULES.attacks.resolve_attack(shot(shooter, enforcer()), TypedDice(["a", "aa", "blank", "f"]), {})
    assert not miss.hit
    assert any(n.startswith("Guided 3: 3 advantage let the shot try again") for n in miss.notes)


def test_the_odds_count_superior_inferior_and_linked_exactly():
    for qualities in ("Superior, Linked 2", "Inferior, Breach 1"):
        shooter = with_qualities(pc("Shooter", "Light pistol", agility=2, ranged_light=1), "Light pistol", qualities)
        req = shot(shooter, enforcer())
        kinds = combat.attack_pool(req, {}).dice()
        combos = list(itertools.product(*(k.faces for k in kinds)))
        counted: dict[int, float] = {}
        for combo in combos:
            result = RULES.attacks.resolve_attack(req, Faces([f.text for f in combo]), {})
            taken = int(result.damage.taken.value) + sum(int(r.damage.taken.value) for r in result.followups) \
                if result.damage else 0
            counted[taken] = counted.get(taken, 0.0) + 1 / len(combos)
        assert RULES.attacks.attack_odds(req, {}).damage == pytest.approx(counted), qualities
