"""GM overrides go through the rules' own consequences and are logged: crisis Health brought to 0 is Dying (and to
-10 dead), crisis-classic Endurance brought to 0 exhausts; each is one undo step."""

from __future__ import annotations

import json

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.domain import Campaign, Character, CharacterKind
from crisis_desktop.domain.encounter import Encounter
from crisis_desktop.resources_access import resource
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.rules.registry import get_ruleset


def crisis_ridge() -> tuple[Campaign, History, EncounterController]:
    campaign = Campaign.model_validate(json.loads(resource("demo", "campaign.json").read_text(encoding="utf-8")))
    history = History(campaign)
    ctl = EncounterController(campaign, "enc-ridge", get_ruleset("crisis"))
    history.push(ctl.start(RandomDice(7)))
    return campaign, history, ctl


def test_crisis_health_brought_to_0_by_the_gm_is_dying_and_logged():
    campaign, history, ctl = crisis_ridge()
    vera = campaign.character("pc-vera")
    health = int(ctl.ruleset.sheet.derived(vera, ctl.view.options)["health"].value)
    before = campaign.model_dump()
    history.push(ctl.overrides.set_status("pc-vera", "wounds", health))          # Health now 0
    assert vera.has_condition("dying") and vera.has_condition("incapacitated")
    assert ctl.view.state_of("cmb-ridge-vera").key == "dying"
    override, state = ctl.view.encounter.log[-2:]
    assert override.kind == "override" and override.text == f"GM: Vera Kask: Wounds 0 → {health}"
    assert override.details == ["Vera Kask is dying (Health 0): 1 wound at the start of each turn"]
    assert state.kind == "state" and state.text == "Vera Kask is dying (Health 0): 1 wound each turn"
    history.undo()                                                       # one step: value and consequences
    assert campaign.model_dump() == before


def test_crisis_health_to_minus_10_is_death_and_back_above_0_ends_dying():
    campaign, history, ctl = crisis_ridge()
    vera = campaign.character("pc-vera")
    health = int(ctl.ruleset.sheet.derived(vera, ctl.view.options)["health"].value)
    history.push(ctl.overrides.set_status("pc-vera", "wounds", health + 2))      # Health -2: dying
    history.push(ctl.overrides.set_status("pc-vera", "wounds", health - 3))      # Health 3: no longer dying
    assert not vera.has_condition("dying") and vera.has_condition("incapacitated")
    assert ctl.view.encounter.log[-2].details == ["Vera Kask is no longer dying (Health 3)"]
    history.push(ctl.overrides.set_status("pc-vera", "wounds", health + 10))     # Health -10: dead
    assert vera.has_condition("dead") and ctl.view.out_of_fight("cmb-ridge-vera")
    assert ctl.view.encounter.log[-2].details == ["Vera Kask is dead (Health -10)"]


def test_a_condition_set_by_hand_stands_and_other_values_bring_nothing():
    campaign, history, ctl = crisis_ridge()
    vera = campaign.character("pc-vera")
    history.push(ctl.overrides.add_condition("pc-vera", "dying"))                 # the GM's call at full Health stands
    history.push(ctl.overrides.set_status("pc-vera", "wounds", 2))
    assert vera.has_condition("dying") and ctl.view.encounter.log[-1].details == []


def test_crisis_nonlethal_above_health_incapacitates():
    campaign, history, ctl = crisis_ridge()
    vera = campaign.character("pc-vera")
    health = int(ctl.ruleset.sheet.derived(vera, ctl.view.options)["health"].value)
    history.push(ctl.overrides.set_status("pc-vera", "nonlethal", health + 1))
    assert vera.has_condition("incapacitated") and not vera.has_condition("dying")
    assert ctl.view.encounter.log[-2].details == [f"Vera Kask is incapacitated: non-lethal damage {health + 1} is "
                                             f"above Health {health}"]


def test_crisis_classic_endurance_brought_to_0_exhausts_and_health_0_kills():
    rules = get_ruleset("crisis-classic")
    anna = Character(name="Anna", kind=CharacterKind.PC, stats=dict(rules.sheet.new_stats(CharacterKind.PC)))
    thug = Character(name="Thug", kind=CharacterKind.NPC, stats=dict(rules.sheet.new_stats(CharacterKind.NPC)))
    campaign = Campaign(name="Classic", ruleset="crisis-classic", characters=[anna, thug],
                        encounters=[Encounter(id="enc", name="Alley")])
    history = History(campaign)
    ctl = EncounterController(campaign, "enc", rules)
    history.push(ctl.add_combatant(anna.id))
    history.push(ctl.add_combatant(thug.id))
    history.push(ctl.start(RandomDice(3)))
    endurance = int(rules.sheet.derived(anna, ctl.view.options)["endurance_max"].value)   # 4 x Might 10
    history.push(ctl.overrides.set_status(anna.id, "endurance_damage", endurance))
    assert endurance == 40 and anna.has_condition("exhausted")
    override, state = ctl.view.encounter.log[-2:]        # Exhausted is a state of its own: its change is logged
    assert override.details == ["Anna is exhausted: every further hit is critical"]
    assert state.kind == "state" and state.text.startswith("Anna is exhausted")
    history.push(ctl.overrides.set_status(anna.id, "endurance_damage", endurance - 5))
    assert not anna.has_condition("exhausted")
    history.push(ctl.overrides.set_status(anna.id, "health_damage", 10))          # Health max = Might 10
    assert ctl.view.out_of_fight(ctl.view.encounter.combatants[0].id)
    assert ctl.view.encounter.log[-2].details == ["Anna is dead: Health 0"]
    assert ctl.view.encounter.log[-1].kind == "state"


def test_genesys_wounds_set_past_the_threshold_knock_out_and_say_the_critical_injury_is_due():
    from crisis_desktop.rules.genesys import GenesysRuleset

    campaign = Campaign.model_validate_json(resource("demo", "genesys.json").read_bytes())
    history = History(campaign)
    ctl = EncounterController(campaign, "enc-dock-9", GenesysRuleset())
    history.push(ctl.overrides.set_status("pc-mira", "wounds", 13))               # threshold 12 (10 + Brawn 2)
    override, state = ctl.view.encounter.log[-2:]
    assert override.details == ["Dr. Mira Sol is knocked out: 13 wounds over its threshold 12; a critical injury at "
                                "once (roll it as damage dealt by hand: an override rolls nothing)"]
    assert state.kind == "state" and state.text == "Dr. Mira Sol is knocked out: 13 wounds over its threshold 12"
    history.push(ctl.overrides.set_status("pc-mira", "strain", 14))               # threshold 13 (10 + Willpower 3)
    assert ctl.view.encounter.log[-1].details == ["Dr. Mira Sol is incapacitated: strain 14 over its threshold 13"]
