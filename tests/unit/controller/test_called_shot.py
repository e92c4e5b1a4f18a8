"""The crisis called shot, a rule option (the source has none): off by default, no such input; on, the attack
offers it, takes heavy cover's -4 on the roll and its damage ignores the armour's DR."""

from __future__ import annotations

import json

import pytest

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.domain import Campaign
from crisis_desktop.resources_access import resource
from crisis_desktop.rules.kernel.dice import RandomDice, TypedDice
from crisis_desktop.rules.registry import get_ruleset

DMITRI, VERA = "cmb-ridge-dmitri", "cmb-ridge-vera"
LABEL = "called shot at an unarmoured spot, as heavy cover; the armour's DR does not apply"


def dmitris_turn(called_shot: str | None) -> tuple[Campaign, EncounterController, str]:
    campaign = Campaign.model_validate(json.loads(resource("demo", "campaign.json").read_text(encoding="utf-8")))
    if called_shot is not None:
        campaign.rule_options["called_shot"] = called_shot
    history = History(campaign)
    ctl = EncounterController(campaign, "enc-ridge", get_ruleset("crisis"))
    history.push(ctl.start(RandomDice(7)))
    while ctl.view.current_id() != DMITRI:
        history.push(ctl.step("next_turn"))
    rifle = next(w for w in ctl.preview.weapons(DMITRI) if w.name == "Battle Rifle")
    return campaign, ctl, rifle.id


def test_off_by_default_the_attack_has_no_called_shot():
    _campaign, ctl, rifle = dmitris_turn(None)
    assert "called_shot" not in [s.key for s in ctl.preview.attack_inputs(DMITRI, rifle)]
    with pytest.raises(ValueError, match="no attack input called_shot"):
        ctl.preview.attack_request(DMITRI, rifle, VERA, distance=2, called_shot=True)


def test_a_called_shot_takes_minus_4_and_the_damage_ignores_the_armour():
    campaign, ctl, rifle = dmitris_turn("unarmoured_spot")
    spec = next(s for s in ctl.preview.attack_inputs(DMITRI, rifle) if s.key == "called_shot")
    assert spec.label == "Called shot" and spec.default is False and spec.group == "Situation"
    plain = ctl.preview.attack_request(DMITRI, rifle, VERA, distance=2)
    called = ctl.preview.attack_request(DMITRI, rifle, VERA, distance=2, called_shot=True)
    assert [(t.label, t.value) for t in ctl.preview.attack_preview(called).modifiers] == [(LABEL, -4)]
    # Light Weapons d10 shows 9, the Battle Rifle's d12 shows 5; Vera wears Light Armour (physical DR 4).
    # Plain: 9 against 4, 1 Extra: 6 damage, DR 4 blocks 4: 2 wounds, Durability 25 -> 21.
    ctl.attack(plain, TypedDice([9, 5])).apply(campaign)
    vera = campaign.character("pc-vera")
    assert vera.status["wounds"] == 2 and vera.item("pc-vera-armour-light").stats["durability"] == 21
    vera.status["wounds"] = 0
    # Called: 9 - 4 = 5 against 4, no Extra: 5 damage past the armour: 5 wounds, Durability unchanged.
    event = ctl.attack(called, TypedDice([9, 5]))
    event.apply(campaign)
    assert event.result.attack.total.value == 5
    assert vera.status["wounds"] == 5 and vera.item("pc-vera-armour-light").stats["durability"] == 21
    assert (LABEL, -4) in [(t.label, t.value) for t in ctl.view.encounter.log[-1].terms]
