"""Undo is exact across rebuilds: whatever a controller built anew (a switch of rules, the file opened again) would
drop from a fight's flow is dropped by the command that leaves it there, so undo gives back exactly the state
before, the journal replays to the state reached, and the file opened again is the file saved."""

from __future__ import annotations

from pathlib import Path

import pytest

from crisis_desktop.controller.changes import ChangeSet
from crisis_desktop.controller.character_commands import delete_characters
from crisis_desktop.controller.commands import Command, SetCampaignField
from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.controller.journaling import ChangeJournal
from crisis_desktop.controller.rules_change import change_rules
from crisis_desktop.controller.session import CampaignSession
from crisis_desktop.domain import Campaign, Character, CharacterKind
from crisis_desktop.domain.encounter import Encounter
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.rules.registry import get_ruleset
from crisis_desktop.storage.campaign_file import campaign_bytes, parse_campaign_bytes
from crisis_desktop.storage.journal import Journal, read_journal, replay

SYSTEMS = ["crisis", "crisis-classic", "genesys", "skirmish", "moments"]


class Fight:
    """A campaign of two PCs and two NPCs under `system`, all in one started encounter, with a History and a journal
    of every change (as the window keeps one) relative to the file it was saved to."""

    def __init__(self, system: str, folder: Path) -> None:
        rules = get_ruleset(system)
        people = [Character(name=name, kind=kind, stats=dict(rules.sheet.new_stats(kind)))
                  for name, kind in [("Anna", CharacterKind.PC), ("Boris", CharacterKind.PC),
                                     ("Thug", CharacterKind.NPC), ("Gunman", CharacterKind.NPC)]]
        self.campaign = Campaign(name="Alley", ruleset=system, characters=people,
                                 encounters=[Encounter(id="enc", name="Back alley")])
        self.file = folder / "alley.json"
        self.file.write_bytes(campaign_bytes(self.campaign))
        self.journal = Journal(folder / "recovery", self.file)
        self.changes = ChangeJournal(self.campaign, self.journal, self.file)
        self.history = History(self.campaign)
        for person in people:
            self.push(self.controller().add_combatant(person.id))
        self.push(self.controller().start(RandomDice(1)))

    def controller(self) -> EncounterController:
        """A controller built now under the campaign's rules, as the window builds one after a switch or on
        opening: it must find nothing to repair."""
        ctl = EncounterController(self.campaign, "enc", get_ruleset(self.campaign.ruleset))
        assert ctl.repaired == []
        return ctl

    def push(self, command: Command) -> None:
        self._record(self.history.push(command))

    def undo(self) -> None:
        self._record(self.history.undo())

    def redo(self) -> None:
        self._record(self.history.redo())

    def _record(self, changes: ChangeSet) -> None:
        self.changes.record(changes)

    @property
    def ids(self) -> list[str]:
        return [c.id for c in self.campaign.encounter("enc").combatants]

    def assert_exact(self) -> None:
        """The journal replays to the campaign as it is, the campaign saved and opened again is the same, and
        the controller built on the one opened repairs nothing."""
        dump = self.campaign.model_dump()
        assert replay(read_journal(self.journal.path)).model_dump() == dump
        reopened = parse_campaign_bytes(campaign_bytes(self.campaign), self.file)
        assert reopened.model_dump() == dump
        again = EncounterController(reopened, "enc", get_ruleset(reopened.ruleset))
        assert again.repaired == [] and reopened.model_dump() == dump


def flow_ids(fight: Fight) -> set[str]:
    ctl = fight.controller()
    return ctl.view.flow.referenced(ctl.view)


def named_by_the_flow(fight: Fight, at_least: int = 1, end: bool = True) -> str:
    """A combatant the flow names, after taking its first open steps until it names `at_least` of them
    (skirmish names nobody before they plan); the fight then ended unless `end` is false."""
    named: list[str] = []
    for _ in range(12):
        named = [c for c in fight.ids if c in flow_ids(fight)]
        if len(named) >= at_least:
            break
        ctl = fight.controller()
        step = next(o for o in ctl.offers() if o.allowed)
        actor = next((a for a in step.actors if a not in named), None) if step.actors else None
        fight.push(ctl.step(step.key, actor, step.choices[0].key if step.choices else None, RandomDice(2)))
    assert len(named) >= at_least
    if end:
        fight.push(fight.controller().end_encounter())
    return named[0]


@pytest.mark.parametrize("system", SYSTEMS)
def test_removing_a_combatant_from_an_ended_fight_takes_it_out_of_the_flow(system, tmp_path):
    fight = Fight(system, tmp_path)
    gone = named_by_the_flow(fight)
    before = fight.campaign.model_dump()
    fight.push(fight.controller().remove_combatant(gone))
    after = fight.campaign.model_dump()
    assert gone not in flow_ids(fight)          # the command took it out, not the next rebuild
    fight.assert_exact()
    # Nothing else happens in a fight that is over: no line in its log, no round, no character changed.
    assert after["encounters"][0]["log"] == before["encounters"][0]["log"]
    assert after["encounters"][0]["round"] == before["encounters"][0]["round"]
    assert after["characters"] == before["characters"]
    fight.undo()
    assert fight.campaign.model_dump() == before
    fight.assert_exact()
    fight.redo()
    assert fight.campaign.model_dump() == after
    fight.assert_exact()


@pytest.mark.parametrize("system", SYSTEMS)
def test_deleting_a_character_of_an_ended_fight_takes_its_combatant_out_of_the_flow(system, tmp_path):
    fight = Fight(system, tmp_path)
    gone = named_by_the_flow(fight)
    ctl = fight.controller()
    before = fight.campaign.model_dump()
    character_id = ctl.view.combatant(gone).character_id
    fight.push(delete_characters(fight.campaign, [character_id], ctl.ruleset))
    assert gone not in flow_ids(fight)
    fight.assert_exact()
    fight.undo()
    assert fight.campaign.model_dump() == before
    fight.assert_exact()


@pytest.mark.parametrize(("first", "other"), [("genesys", "crisis"), ("moments", "crisis"),
                                              ("genesys", "crisis-classic")])
def test_switching_back_to_rules_whose_flow_names_a_removed_combatant_drops_it_in_the_same_step(first, other,
                                                                                                  tmp_path):
    """A combatant removed under other rules leaves the first rules' flow as it was (the other flow does not read
    it): switching back drops it from that flow in the switch's own undo step, not on the next rebuild."""
    fight = Fight(first, tmp_path)
    fight.push(change_rules(fight.campaign, "ruleset", other))
    gone = fight.ids[0]
    fight.push(fight.controller().remove_combatant(gone))
    before = fight.campaign.model_dump()
    switch_back = change_rules(fight.campaign, "ruleset", first)
    assert switch_back.text == "Change rules"
    assert before == fight.campaign.model_dump()          # building the step changed nothing
    depth = fight.history.depth
    fight.push(switch_back)
    assert fight.history.depth == depth + 1               # one undo step
    after = fight.campaign.model_dump()
    assert fight.campaign.ruleset == first and gone not in flow_ids(fight)
    fight.assert_exact()
    fight.undo()
    assert fight.campaign.model_dump() == before and fight.campaign.ruleset == other
    fight.assert_exact()
    fight.redo()
    assert fight.campaign.model_dump() == after
    fight.assert_exact()


def test_a_switch_with_nothing_to_drop_is_the_field_alone(tmp_path):
    fight = Fight("crisis", tmp_path)
    before = fight.campaign.model_dump()
    switch = change_rules(fight.campaign, "rule_options", {"damage_dice_explode": "yes"})
    assert switch.text == "Change rule options"
    fight.push(switch)
    after = fight.campaign.model_dump()
    assert [k for k in after if after[k] != before[k]] == ["rule_options"]
    with pytest.raises(ValueError, match="'name' is not one of the campaign's rule fields"):
        change_rules(fight.campaign, "name", "Other")
    # No other way changes the rules: a plain field command would leave the repair to the next rebuild.
    for field, value in [("ruleset", "genesys"), ("rule_options", {})]:
        with pytest.raises(ValueError, match=f"^The campaign's {field} changes through change_rules"):
            SetCampaignField(fight.campaign, field, value)


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_hand_edited_ended_fight_loses_the_gone_from_its_flow_and_nothing_else(system, tmp_path):
    """A file whose ended fight names a combatant it no longer has (edited by hand): the rebuild drops it from the
    flow as the removal would have, without a line in the log or a change to anyone."""
    fight = Fight(system, tmp_path)
    gone = named_by_the_flow(fight)
    encounter = fight.campaign.encounter("enc")
    del encounter.combatants[[c.id for c in encounter.combatants].index(gone)]
    log, characters = list(encounter.log), fight.campaign.model_dump()["characters"]
    ctl = EncounterController(fight.campaign, "enc", get_ruleset(system))
    assert ctl.repaired == [gone]
    assert gone not in ctl.view.flow.referenced(ctl.view)
    assert encounter.log == log and fight.campaign.model_dump()["characters"] == characters


@pytest.mark.parametrize("ended", [False, True], ids=["running", "ended"])
@pytest.mark.parametrize("system", SYSTEMS)
def test_a_file_whose_flow_names_several_gone_combatants_opens_and_drops_them_all(system, ended, tmp_path):
    """Several combatants gone at once (a file saved before removals from an ended fight took them out of its
    flow, or edited by hand): the rebuild drops them one after another, the others counted out of the fight
    meanwhile, instead of failing on the first one the flow reads while handing the turn on."""
    fight = Fight(system, tmp_path)
    named_by_the_flow(fight, at_least=3, end=ended)
    encounter = fight.campaign.encounter("enc")
    referenced = flow_ids(fight)
    for count in (2, 3):
        campaign = fight.campaign.model_copy(deep=True)
        gone = [c.id for c in campaign.encounter("enc").combatants if c.id in referenced][:count]
        assert len(gone) == count
        campaign.encounter("enc").combatants[:] = [c for c in campaign.encounter("enc").combatants
                                                   if c.id not in gone]
        ctl = EncounterController(campaign, "enc", get_ruleset(system))
        assert ctl.repaired == sorted(gone)
        assert not set(gone) & ctl.view.flow.referenced(ctl.view)
        assert EncounterController(campaign, "enc", get_ruleset(system)).repaired == []
    assert encounter.running is not ended


def test_the_repair_of_a_hand_edited_file_is_journaled_and_saved(tmp_path):
    """A file whose fight names a combatant it no longer has, opened in a session that journals: the repair made
    when the fight's controller is built is in the journal and in what the next save writes (the fragments made
    before it are dropped), not only in memory."""
    fight = Fight("crisis", tmp_path)
    gone = named_by_the_flow(fight)
    campaign = fight.campaign.model_copy(deep=True)
    encounter = campaign.encounter("enc")
    encounter.combatants[:] = [c for c in encounter.combatants if c.id != gone]
    file = tmp_path / "edited.json"
    file.write_bytes(campaign_bytes(campaign))
    campaign = parse_campaign_bytes(file.read_bytes(), file)
    session = CampaignSession(campaign)
    journal = session.journal_to(Journal(tmp_path / "edited-recovery", file), file)
    journal.fragments.warm()                          # made before the repair, as a background save may
    ctl = session.controller("enc")
    assert ctl is not None and ctl.repaired == [gone]
    assert gone not in ctl.view.flow.referenced(ctl.view)
    assert journal.fragments.pieces().joined() == campaign_bytes(campaign)
    assert replay(read_journal(journal.journal.path)).model_dump() == campaign.model_dump()
