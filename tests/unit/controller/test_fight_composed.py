"""The fight controller is composed of objects with one job each, not a chain of base classes; the read-only view of
a fight has no writes at all (nothing raises TypeError to refuse one), and the draft that takes a step has them."""

from __future__ import annotations

from pathlib import Path

from crisis_desktop.controller.attack_view import AttackView
from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.fight import DraftFight, FightView
from crisis_desktop.controller.history import History
from crisis_desktop.controller.simulate.fight import SimController, SimView
from crisis_desktop.domain import Campaign
from crisis_desktop.resources_access import resource
from crisis_desktop.rules.base import SetResource, SetStatus
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.rules.kernel.flows import Fight, FightState
from crisis_desktop.rules.registry import get_ruleset
from crisis_desktop.storage.campaign_file import parse_campaign_bytes

WRITES = {"set_state", "set_round", "apply", "log", "record_initiative"}


def _demo() -> tuple[Campaign, str]:
    campaign = parse_campaign_bytes(resource("demo", "campaign.json").read_bytes(), Path("campaign.json"))
    return campaign, campaign.encounters[0].id


def test_the_view_only_reads_and_the_draft_adds_the_writes() -> None:
    assert not WRITES & set(dir(FightView))
    assert set(dir(DraftFight)) >= WRITES
    assert not WRITES & set(FightState.__dict__) and set(Fight.__dict__) >= WRITES


def test_the_controller_and_the_simulators_are_composed_not_inherited() -> None:
    assert EncounterController.__mro__ == (EncounterController, object)
    assert SimController.__mro__ == (SimController, object)
    campaign, encounter_id = _demo()
    ruleset = get_ruleset("crisis")
    ctl = EncounterController(campaign, encounter_id, ruleset)
    assert type(ctl.view) is FightView and type(ctl.preview) is AttackView and ctl.preview.fight is ctl.view
    sim = SimController(campaign, encounter_id, ruleset)
    assert isinstance(sim.view, SimView) and sim.preview.fight is sim.view and sim.commands.view is sim.view


def test_a_combatants_side_is_one_undo_step_built_from_values_with_its_log_line() -> None:
    campaign, encounter_id = _demo()
    ruleset = get_ruleset("crisis")
    ctl = EncounterController(campaign, encounter_id, ruleset)
    history = History(campaign)
    history.push(ctl.start(RandomDice(1)))
    first = ctl.view.encounter.combatants[0]
    before, log = first.side, len(ctl.view.encounter.log)
    other = next(s for s in type(before) if s != before)
    command = ctl.set_side(first.id, other)
    assert first.side == before and len(ctl.view.encounter.log) == log        # nothing changed to build it
    history.push(command)
    assert ctl.view.combatant(first.id).side == other
    assert ctl.view.encounter.log[-1].text == f"GM: {ctl.view.name(first.id)} is on the {other.value} side"
    history.undo()
    assert ctl.view.combatant(first.id).side == before and len(ctl.view.encounter.log) == log


def test_a_draft_builds_its_event_on_a_working_copy_and_the_live_campaign_never_changes() -> None:
    campaign, encounter_id = _demo()
    ruleset = get_ruleset("crisis")
    live = campaign.model_dump()
    draft = DraftFight(campaign, encounter_id, ruleset)
    first = campaign.encounter(encounter_id).combatants[0]
    draft.apply([SetStatus(first.character_id, "health_damage", 7), SetResource(first.id, "ap", 1)], "Hurt")
    draft.set("round", 4)
    draft.note("note", "drafted")
    assert campaign.model_dump() == live and not hasattr(draft, "rollback")
    assert draft.actor(first.id).character.status["health_damage"] == 7 and draft.actor(first.id).combatant
    assert draft.combatant(first.id).resources["ap"] == 1 and draft.encounter.round == 4
    assert draft.encounter.log[-1].text == "drafted"
    history = History(campaign)
    history.push(draft.event("Hurt"))          # the same commands, applied to the live campaign
    assert campaign.character(first.character_id).status["health_damage"] == 7
    assert campaign.combatant(first.id).resources["ap"] == 1 and campaign.encounter(encounter_id).round == 4
    history.undo()
    assert campaign.model_dump() == live
