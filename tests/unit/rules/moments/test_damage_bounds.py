"""A weapon's damage beyond the sheet's bounds (a file edited by hand: 999999999d999999999) is neither rolled nor
priced on any path that rolls (the attack, its odds, the simulator): the reason names the weapon and the bound, as
crisis does, and nothing runs away."""

from __future__ import annotations

import pytest

from crisis_desktop.controller.simulate import simulate
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.rules.registry import get_ruleset
from tests.unit.rules.moments.people import RULES, actor, brann, vera
from tests.unit.rules.moments.test_attacks import request
from tests.unit.simulate.equivalence import demo, encounter_id

HUGE = "999999999d999999999"


@pytest.mark.parametrize(("damage", "reason"), [
    (HUGE, "Sword: Damage: at most 4 dice, not 999,999,999"),
    ("1d999999999", "Sword: Damage: dice of at most 12 sides, not d999,999,999"),
])
def test_an_attack_with_damage_beyond_the_sheet_is_refused_with_the_reason(damage, reason):
    attacker = actor(vera())
    attacker.character.equipment[0].stats["damage"] = damage    # as read from a file: the sheet never accepted it
    r = request(attacker, actor(brann()))
    for attempt in (lambda: RULES.attacks.resolve_attack(r, RandomDice(1), {}), lambda: RULES.attacks.attack_odds(r,
                                                                                                                  {}),
                    lambda: RULES.attacks.attack_modifiers(r, {})):
        with pytest.raises(ValueError) as refused:
            attempt()
        assert str(refused.value) == reason


def test_the_simulator_says_why_and_plays_on_without_rolling_it():
    """The quick fights refuse the weapon with the reason; the full rules path plays the fight, the weapon's attacks
    refused as above (before the bound, these fights rolled 999,999,999 dice one at a time: past 60 s and 6.8 GB)."""
    campaign = demo("moments.json")
    eid = encounter_id(campaign)
    fighter = campaign.character(campaign.encounter(eid).combatants[0].character_id)
    weapon = next(item for item in fighter.equipment if "damage" in item.stats)
    weapon.stats["damage"] = HUGE
    summary = simulate(campaign, eid, get_ruleset("moments"), runs=10, processes=1, quick=True)
    assert summary.runs == 10
    assert summary.played_by == (f"the full rules path (quick fights do not play this one: {fighter.name}'s "
                                 f"{weapon.name} has damage the rules cannot roll: {weapon.name}: Damage: at most 4 "
                                 "dice, not 999,999,999)")
