"""The attack being prepared (controller/prepared_attack.py), without Qt: what the GM sets is kept by key, per attack
and per target, across every change of attacker, weapon, target and override; the map's measures follow the tokens
and come back when the override ends; further targets stay within what the weapon takes."""

from __future__ import annotations

import pytest

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.prepared_attack import PreparedAttack
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.rules.registry import get_ruleset
from crisis_desktop.rules.skirmish.plans import PLAN_KEY
from tests.unit.controller.test_encounter import demo_campaign


@pytest.fixture
def ambush() -> tuple[EncounterController, dict[str, str]]:
    campaign = demo_campaign()
    ctl = EncounterController(campaign, "enc-ambush", get_ruleset(campaign.ruleset))
    ctl.start(RandomDice(3))
    return ctl, {ctl.view.name(c.id).split()[0]: c.id for c in ctl.view.encounter.combatants}


def weapon_named(ctl: EncounterController, who: str, name: str) -> str:
    return next(w.id for w in ctl.preview.weapons(who) if w.name == name)


def test_what_the_gm_sets_is_kept_across_attacker_weapon_and_target_changes(ambush):
    ctl, ids = ambush
    attack = PreparedAttack(ctl.preview, ids["Vera"], ids["Rask"])
    attack.set_own("aim", 2)
    attack.set_own("circumstance", -1)
    attack.set_target_input(ids["Rask"], "target_prone_facing", True)
    attack.set_target(ids["Jory"])
    assert attack.own_inputs().values["aim"] == 2
    assert attack.target_inputs(ids["Jory"]).values["target_prone_facing"] is False
    attack.set_attacker(ids["Dmitri"])
    attack.set_weapon(weapon_named(ctl, ids["Dmitri"], "Grenade"))
    attack.set_attacker(ids["Vera"])
    attack.set_target(ids["Rask"])
    assert attack.own_inputs().values["aim"] == 2 and attack.own_inputs().values["circumstance"] == -1
    assert attack.target_inputs(ids["Rask"]).values["target_prone_facing"] is True
    request = attack.request()
    assert request is not None and request.inputs["aim"] == 2
    assert request.targets[0].inputs["target_prone_facing"] is True


def test_a_value_the_rules_refuse_shows_the_default_and_comes_back_where_allowed(ambush):
    ctl, ids = ambush
    attack = PreparedAttack(ctl.preview, ids["Vera"], ids["Rask"])
    aim = next(s for s in attack.own_inputs().specs if s.key == "aim")
    assert aim.maximum is not None
    attack.set_own("aim", aim.maximum + 5)                   # no rule allows it: the default shows
    assert attack.own_inputs().values["aim"] == aim.default
    attack.set_own("aim", aim.maximum)
    assert attack.own_inputs().values["aim"] == aim.maximum


def test_the_map_fixes_distance_and_cover_unless_overridden_and_takes_them_back(ambush):
    ctl, ids = ambush
    attack = PreparedAttack(ctl.preview, ids["Vera"], ids["Halvorsen"])
    measured = ctl.preview.map_inputs(ids["Vera"], attack.weapon_id, ids["Halvorsen"])
    inputs = attack.target_inputs(ids["Halvorsen"])
    assert {"distance", "cover"} <= inputs.locked and inputs.values["distance"] == measured["distance"]
    attack.set_target_input(ids["Halvorsen"], "cover", "light")
    assert attack.target_inputs(ids["Halvorsen"]).values["cover"] == measured["cover"]   # the map's, not typed
    attack.set_override(True)
    attack.set_target_input(ids["Halvorsen"], "cover", "light")
    assert attack.target_inputs(ids["Halvorsen"]).values["cover"] == "light"
    assert not attack.target_inputs(ids["Halvorsen"]).locked
    request = attack.request()
    assert request is not None and any("instead of the map's" in o for o in request.overrides)
    attack.set_override(False)
    assert attack.target_inputs(ids["Halvorsen"]).values["cover"] == measured["cover"]


def test_further_targets_stay_within_what_the_weapon_takes_and_a_blast_takes_everyone_under_it(ambush):
    ctl, ids = ambush
    attack = PreparedAttack(ctl.preview, ids["Vera"], ids["Rask"])
    assert attack.max_targets() == 2                       # a pistol's volley: one more target at most
    assert attack.tick(ids["Jory"]) is None and attack.further == [ids["Jory"]]
    assert attack.tick(ids["Mother"]) == "This weapon takes at most 2 targets"
    assert attack.further == [ids["Jory"]]
    attack.set_target(ids["Jory"])                         # aimed at now: no longer a further target
    assert attack.further == []
    attack.set_attacker(ids["Dmitri"], weapon_id=weapon_named(ctl, ids["Dmitri"], "Grenade"),
                        target_id=ids["Rask"])
    under = ctl.preview.blast_targets(ids["Dmitri"], attack.weapon_id, ids["Rask"])
    assert attack.further == [t for t in under if t != ids["Rask"]]


def test_the_attack_opens_on_the_rules_ready_weapon_else_the_first():
    from tests.unit.simulate.equivalence import demo

    campaign = demo("skirmish.json")
    ctl = EncounterController(campaign, "enc-bridge", get_ruleset(campaign.ruleset))
    spear = next(c.id for c in ctl.view.encounter.combatants if ctl.view.name(c.id) == "Brigand with a spear")
    javelin = next(w for w in ctl.preview.weapons(spear) if w.name == "Javelin")
    assert ctl.preview.weapons(spear)[0].id != javelin.id
    assert PreparedAttack(ctl.preview, spear).weapon_id == ctl.preview.weapons(spear)[0].id
    ctl.view.combatant(spear).resources[PLAN_KEY] = f"ranged:{javelin.id}"
    assert ctl.preview.ready_weapon(spear) == javelin.id and PreparedAttack(ctl.preview, spear).weapon_id == javelin.id


def test_what_the_map_fixes_of_the_attack_itself_is_locked_and_shown_as_the_request_reads_it():
    from tests.unit.simulate.equivalence import demo

    campaign = demo("genesys.json")
    ctl = EncounterController(campaign, "enc-dock-9", get_ruleset(campaign.ruleset))
    ids = {ctl.view.name(c.id): c.id for c in ctl.view.encounter.combatants}
    jax = ids["Jax Marrow"]
    thugs = ids["Dock thugs"]
    # a ranged attack reads engagement
    pistol = next(w.id for w in ctl.preview.weapons(jax) if w.name == "Light pistol")
    attack = PreparedAttack(ctl.preview, jax, thugs, weapon_id=pistol)
    fixed = ctl.preview.map_attack_inputs(jax, attack.weapon_id, thugs)
    assert fixed, "the map says whether Jax is engaged"
    key, value = next(iter(fixed.items()))
    attack.set_own(key, not value)
    own = attack.own_inputs()
    assert key in own.locked and own.values[key] == value
    request = attack.request()
    assert request is not None and request.inputs[key] == value
    attack.set_override(True)
    attack.set_own(key, not value)
    assert attack.own_inputs().values[key] == (not value) and not attack.own_inputs().locked
    request = attack.request()
    assert request is not None and request.inputs[key] == (not value)
    attack.set_override(False)
    assert attack.own_inputs().values[key] == value
