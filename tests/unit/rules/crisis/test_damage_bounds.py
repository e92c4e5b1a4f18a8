"""A weapon's DMG is bounded by the crisis rules (dice and sides) in the sheet, on import and at the table; exact
odds that would take too long are refused with the reason, never run away."""

from __future__ import annotations

import json

import pytest
from conftest import actor, npc, pc, weapon

from crisis_desktop.controller.character_commands import SetItemValue, character_from_json
from crisis_desktop.domain import Campaign, ItemKind
from crisis_desktop.rules.crisis import combat, sheet
from crisis_desktop.rules.kernel import odds
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.rules.qstar.context import AttackContext
from tests.attack_requests import request_of

HUGE = "999999999d999999999"


def armed(damage: str, rof: int = 1) -> AttackContext:
    return AttackContext(actor(pc(light_weapons=8), ap=40), weapon(damage=damage, rof=rof), actor(npc(difficulty=10)),
                         distance=6, extra_attacks=rof - 1)


@pytest.mark.parametrize(("damage", "reason"), [
    (HUGE, "DMG: at most 100 dice, not 999,999,999"),
    ("2d1001", "DMG: dice of at most 1000 sides, not d1,001"),
    ("banana split", "DMG: cannot read 'banana split' in the dice expression 'banana split'"),
    ("100d100", None),
    ("2 x Body", None),
    ("banana", "DMG: 'banana' is not a stat a dice expression may name (Body, Mind, Soul)"),
    ("d5", "DMG: d5 is not a die of these rules (d2, d3, d4, d6, d8, d10, d12, d20, d100)"),
    ("Body + d7", "DMG: d7 is not a die of these rules (d2, d3, d4, d6, d8, d10, d12, d20, d100)"),
])
def test_the_damage_field_bounds_dice_and_sides(rules, damage, reason):
    spec = next(s for s in rules.sheet.item_fields(ItemKind.WEAPON) if s.key == "damage")
    assert spec is sheet.DAMAGE
    assert spec.validate(damage) == reason
    assert (spec.max_dice, spec.max_sides) == (sheet.MAX_DAMAGE_DICE, sheet.MAX_DAMAGE_SIDES) == (100, 1000)


def test_the_sheet_refuses_huge_damage_and_changes_nothing(rules):
    vera = pc(equipment=(weapon(),))
    campaign = Campaign(ruleset="crisis", name="Bounds", characters=[vera])
    before = campaign.model_dump()
    with pytest.raises(ValueError, match="^Pistol: DMG: at most 100 dice, not 999,999,999$"):
        SetItemValue(campaign, rules, vera.id, vera.equipment[0].id, "stats.damage", HUGE)
    assert campaign.model_dump() == before
    SetItemValue(campaign, rules, vera.id, vera.equipment[0].id, "stats.damage", "3d8").apply(campaign)
    assert vera.equipment[0].stats["damage"] == "3d8"


def test_an_imported_character_carrying_huge_damage_is_refused_with_the_reason(rules):
    data = pc(name="Vex", equipment=(weapon("Cannon", damage=HUGE),)).model_dump(mode="json")
    assert rules.sheet.validate_character(pc(equipment=(weapon("Cannon", damage=HUGE),))) == [
        "Cannon: DMG: at most 100 dice, not 999,999,999"]
    with pytest.raises(ValueError, match="Vex does not fit the Crisis rules: Cannon: DMG: at most 100 dice"):
        character_from_json(json.dumps(data), rules)


def test_huge_damage_from_a_file_is_never_rolled_nor_priced(rules, monkeypatch):
    # A campaign file edited by hand reaches the table without the sheet's check.
    def no_pricing(*_args, **_kwargs):
        raise AssertionError("the damage was priced")

    monkeypatch.setattr(odds, "dice_sum", no_pricing)
    context = armed(HUGE)
    request = request_of(context)
    for attempt in (lambda: rules.attacks.attack_odds(request, {}), lambda: rules.attacks.attack_modifiers(request, {}),
                    lambda: rules.attacks.resolve_attack(request, RandomDice(1), {}), lambda: combat.plan(context, {})):
        with pytest.raises(ValueError, match="^Pistol: DMG: at most 100 dice, not 999,999,999$"):
            attempt()


@pytest.mark.parametrize(("damage", "rof", "reason"), [
    ("100d100", 1, "combinations of outcomes, more than 2,000,000"),
    ("100d12", 20, "more than 400,000 hits to work out"),
])
def test_odds_too_long_to_work_out_are_refused_and_the_attack_still_rolls(rules, damage, rof, reason):
    request = request_of(armed(damage, rof))
    with pytest.raises(odds.TooManyOutcomes, match=f"^too many outcomes to price exactly: .*{reason}"):
        rules.attacks.attack_odds(request, {})
    assert [t.label for t in rules.attacks.attack_modifiers(request, {})][:1] == ["range increment 2"]
    result = rules.attacks.resolve_attack(request, RandomDice(7), {})
    assert result.attack.total.value > 0


def test_a_volley_within_the_bound_is_priced(rules):
    priced = rules.attacks.attack_odds(request_of(armed("d6", 20)), {})
    assert 0.0 < priced.hit <= 1.0 and priced.expected_damage > 0
