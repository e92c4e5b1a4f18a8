"""A system's campaigns keep in a file: one saved in the middle of a fight and after it loads back the same, and goes
on from where it was saved. A system that ships a demo (a file of resources/demo naming it) has it
seeded into a new data folder by storage/demo.py, and the demo opens with every character legal under its rules."""

from __future__ import annotations

import json

import pytest

from crisis_desktop.controller.history import History
from crisis_desktop.domain import Campaign
from crisis_desktop.domain.encounter import Side
from crisis_desktop.resources_access import resource
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.rules.registry import get_ruleset
from crisis_desktop.storage.campaign_store import CampaignStore
from crisis_desktop.storage.demo import DEMOS, seed_demos
from tests.fakes.drive import attack_once, controller, fight_to_the_end, next_step, standing
from tests.unit.simulate.duels import duel


def demo_files() -> dict[str, list[str]]:
    """The bundled demo files by the system they name."""
    found: dict[str, list[str]] = {}
    for entry in sorted(resource("demo").iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".json"):
            found.setdefault(json.loads(entry.read_text(encoding="utf-8"))["ruleset"], []).append(entry.name)
    return found


@pytest.mark.when(lambda rules: rules.attacks is not None)
def test_a_campaign_saved_in_a_fight_loads_back_the_same_and_fights_on(ruleset_id, paths) -> None:
    rules = get_ruleset(ruleset_id)
    store = CampaignStore(paths)
    path = paths.campaigns / f"{ruleset_id}.json"
    campaign = duel(rules)
    ctl = controller(campaign, rules)
    history = History(campaign)
    dice = RandomDice(3)
    history.push(ctl.start(dice))
    attacked: set = set()
    for _ in range(3):      # a few steps in: the flow's own state and the fighters' resources are in the file
        attack_once(ctl, history, dice, attacked)
        step = next_step(ctl)
        assert step is not None
        history.push(ctl.step(*step, dice))
    store.save(campaign, path)
    loaded = store.load(path)
    assert loaded.model_dump(mode="json") == campaign.model_dump(mode="json")
    assert loaded.encounters[0].running
    # The loaded campaign fights on to the end, and that too keeps.
    again = controller(loaded, rules)
    fight_to_the_end(again, History(loaded), dice, started=True)
    assert standing(again) == {Side.PARTY}
    store.save(loaded, path)
    assert store.load(path).model_dump(mode="json") == loaded.model_dump(mode="json")


@pytest.mark.when(lambda rules: rules.id in demo_files())
def test_a_system_s_demo_is_seeded_and_opens_legal(ruleset_id, paths) -> None:
    rules = get_ruleset(ruleset_id)
    seeded = {demo.resource: demo.file_name for demo in DEMOS}
    copied = {p.name for p in seed_demos(paths)}
    store = CampaignStore(paths)
    for name in demo_files()[ruleset_id]:
        assert name in seeded, f"the demo {name} is not in storage/demo.py's DEMOS: it is never seeded"
        assert seeded[name] in copied
        campaign: Campaign = store.load(paths.campaigns / seeded[name])
        assert campaign.ruleset == ruleset_id
        for character in campaign.characters:
            assert rules.sheet.validate_character(character) == [], character.name
        assert campaign.encounters, f"the demo {name} has no encounter to try"
