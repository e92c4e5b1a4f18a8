"""A fighter who goes down during its own turn acts no further, whatever the system: every action is closed with
the reason, the controller refuses it, and the flow still lets the turn pass."""

from __future__ import annotations

import json

import pytest

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.domain import Campaign
from crisis_desktop.resources_access import resource
from crisis_desktop.rules.genesys import GenesysRuleset
from crisis_desktop.rules.kernel.dice import RandomDice, TypedDice
from crisis_desktop.rules.kernel.flows import StepRole
from crisis_desktop.rules.registry import get_ruleset


def test_a_genesys_fighter_over_its_strain_threshold_by_its_own_maneuver_can_act_no_further():
    campaign = Campaign.model_validate_json(resource("demo", "genesys.json").read_bytes())
    mira = campaign.character("pc-mira")
    mira.status.update(wounds=12, strain=12)                 # strain threshold 13 (10 + Willpower 3)
    history = History(campaign)
    ctl = EncounterController(campaign, "enc-dock-9", GenesysRuleset())
    history.push(ctl.start(TypedDice(["blank"] * 40)))
    fill = next(o for o in ctl.offers() if o.role is StepRole.CHOOSE)
    history.push(ctl.step(fill.key, "cmb-dock-mira"))
    assert ctl.view.may_act("cmb-dock-mira")
    history.push(ctl.healing.treat("stimpack", "cmb-dock-mira", healer_id="cmb-dock-mira"))     # the free maneuver
    history.push(ctl.healing.treat("stimpack", "cmb-dock-mira", healer_id="cmb-dock-mira"))     # 2nd maneuver: 2 strain
    assert mira.status["strain"] == 14
    assert ctl.view.state_of("cmb-dock-mira").key == "incapacitated"
    reason = "Dr. Mira Sol can act no further: Dr. Mira Sol is incapacitated: 14 strain over its threshold 13"
    assert not ctl.view.may_act("cmb-dock-mira")
    assert all(not a.allowed and a.reason == reason for a in ctl.actions("cmb-dock-mira"))
    with pytest.raises(ValueError, match="can act no further"):
        ctl.take_action("cmb-dock-mira", ctl.actions("cmb-dock-mira")[0].action.key)
    advance = next(o for o in ctl.offers() if o.role is StepRole.ADVANCE)
    history.push(ctl.step(advance.key))                      # the turn still passes


def test_a_crisis_fighter_brought_to_0_health_on_its_turn_is_offered_nothing():
    campaign = Campaign.model_validate(json.loads(resource("demo", "campaign.json").read_text(encoding="utf-8")))
    history = History(campaign)
    ctl = EncounterController(campaign, "enc-ridge", get_ruleset("crisis"))
    history.push(ctl.start(RandomDice(7)))
    current = ctl.view.current_id()
    assert current is not None and any(a.allowed for a in ctl.actions(current))
    character = ctl.view.character_of(current)
    health = int(ctl.ruleset.sheet.derived(character, ctl.view.options)["health"].value)
    history.push(ctl.overrides.set_status(character.id, "wounds", health))
    assert not any(a.allowed for a in ctl.actions(current))
    weapon = ctl.preview.weapons(current)[0]
    target = next(c.id for c in ctl.view.encounter.combatants if c.side != ctl.view.combatant(current).side)
    request = ctl.preview.attack_request(current, weapon.id, target,
                                         **({"distance": 2} if weapon.stats.get("range") else {}))
    assert ctl.preview.attack_preview(request).cannot == f"{character.name} can act no further: {character.name} is " \
                                                  "dying (Health 0): 1 wound each turn"
    with pytest.raises(ValueError, match="can act no further"):
        ctl.attack(request, RandomDice(1))


@pytest.mark.parametrize(("shape", "still_acts"), [("sequential", False), ("slots", False), ("phased", True)])
def test_a_fighter_stunned_while_acting_stops_unless_its_step_resolves_at_once(shape, still_acts):
    """Skirmish-like phases resolve everyone acting in them at once (an arrow that drops its target does not stop
    the arrow shot back); a turn or a slot stops at once."""
    from tests.fakes.drive import fake_controller, next_step
    from tests.fakes.tiny import tiny_campaign

    campaign = tiny_campaign(f"fake-{shape}")
    ctl = fake_controller(campaign)
    history = History(campaign)
    for character in campaign.characters:
        history.push(ctl.add_combatant(character.id))
    dice = RandomDice(5)
    history.push(ctl.start(dice))
    while not ctl.view.acting():
        key, actor, choice = next_step(ctl)  # type: ignore[misc]
        history.push(ctl.step(key, actor, choice if not key.startswith("plan:") else "shoot", dice))
    acting = ctl.view.acting()[0]
    assert ctl.view.may_act(acting)
    history.push(ctl.overrides.add_condition(ctl.view.combatant(acting).character_id, "stunned"))
    assert ctl.view.may_act(acting) is still_acts
    assert (ctl.view.down_reason(acting) is None) is still_acts
