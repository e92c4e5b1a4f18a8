"""A fight saved in progress by version 2 (turn order in the encounter's own fields) opens under the round
flows and goes on exactly as version 2 went on: same turns, same log, same resources."""

from __future__ import annotations

import json
from pathlib import Path

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.rules.registry import get_ruleset
from crisis_desktop.storage.campaign_file import parse_campaign_bytes
from tests.fight_helpers import delayed, on_overwatch, order

DATA = Path(__file__).parent / "data"
# Written by version 2: the demo's Raider Ambush in its surprise round, Halvorsen delaying, Rask on overwatch;
# and what version 2 showed after three more Next turns.
SAVED = DATA / "fight_in_progress_v2.json"
AFTER = json.loads((DATA / "fight_in_progress_v2_after_three_turns.json").read_text(encoding="utf-8"))
AMBUSH = "enc-ambush"


def test_a_fight_saved_in_progress_by_version_2_resumes_identically(tmp_path):
    raw = json.loads(SAVED.read_text(encoding="utf-8"))
    old = next(e for e in raw["encounters"] if e["id"] == AMBUSH)
    assert raw["schema_version"] == 2 and old["surprise_round"] and old["turn_index"] == 6

    campaign = parse_campaign_bytes(SAVED.read_bytes(), tmp_path / "fight.json")
    ctl = EncounterController(campaign, AMBUSH, get_ruleset(campaign.ruleset))
    assert order(ctl.view) == old["order"]
    assert ctl.view.current_id() == old["order"][old["turn_index"]]
    assert ctl.view.round_label() == "Surprise round"
    assert delayed(ctl.view, "cmb-ambush-corp-sniper") and on_overwatch(ctl.view, "cmb-ambush-raider-rask")
    assert ctl.view.may_act("cmb-ambush-raider-rask")  # overwatch still lets Rask shoot out of turn

    history = History(campaign)
    for _ in range(3):
        history.push(ctl.step("next_turn"))
    encounter = ctl.view.encounter
    assert (encounter.round, ctl.view.current_id(), order(ctl.view)) == (AFTER["round"], AFTER["current"],
                                                                         AFTER["order"])
    assert [entry.text for entry in encounter.log] == AFTER["log"]
    assert sorted(c.id for c in encounter.combatants if on_overwatch(ctl.view, c.id)) == AFTER["overwatch"]
    assert sorted(c.id for c in encounter.combatants if delayed(ctl.view, c.id)) == AFTER["delayed"]
    # Version 2 kept overwatch beside the resources; everything else is the same, value for value.
    for combatant in encounter.combatants:
        resources = {k: v for k, v in combatant.resources.items() if k != "overwatch"}
        assert resources == AFTER["resources"][combatant.id], combatant.id
    assert {c.id: c.status for c in campaign.characters} == AFTER["status"]


def test_a_damaged_turn_pointer_lands_on_the_order():
    """A version-2 fight whose turn_index points past its order (a hand-edited file) opens on the last turn."""
    from crisis_desktop.storage.migrations import migrate

    raw = json.loads(SAVED.read_text(encoding="utf-8"))
    for encounter in raw["encounters"]:
        if encounter["id"] == AMBUSH:
            encounter["turn_index"] = 99
    migrated = next(e for e in migrate(raw)["encounters"] if e["id"] == AMBUSH)
    assert migrated["flow"]["index"] == len(migrated["flow"]["order"]) - 1
