"""Healing, for every system with the Healing capability: each treatment the rules list has a key and a label, and
for an unhurt PC, before a fight, none can be given and each says why; asked for anyway through the controller, it is
refused with that reason and nothing changes."""

from __future__ import annotations

import pytest

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.rules.registry import get_ruleset
from tests.unit.simulate.duels import duel


@pytest.mark.when(lambda rules: rules.healing is not None and rules.attacks is not None)
def test_an_unhurt_pc_is_offered_no_treatment_and_told_why(ruleset_id: str) -> None:
    rules = get_ruleset(ruleset_id)
    campaign = duel(rules)
    ctl = EncounterController(campaign, "enc", rules)
    treatments = ctl.healing.treatments("c-pc")
    for treatment in treatments:
        assert treatment.key and treatment.label, treatment
        assert treatment.reason, f"{treatment.label} could be given to an unhurt PC before the fight"
        before = campaign.model_dump(mode="json")
        with pytest.raises(ValueError) as refused:
            ctl.healing.treat(treatment.key, "c-pc", healer_id="c-pc" if treatment.healer else None, dice=RandomDice(1),
                              choice=treatment.choices[0][0] if treatment.choices else None)
        assert str(refused.value) == f"{treatment.label}: {treatment.reason}"
        assert campaign.model_dump(mode="json") == before
