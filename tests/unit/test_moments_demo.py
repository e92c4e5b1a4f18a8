"""The bundled moments demo: seeded beside the others, found by name, legal sheets, and a moment that runs."""

from __future__ import annotations

import pytest

from crisis_desktop.app import main as cli_main
from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.controller.session import CampaignSession
from crisis_desktop.domain import Campaign, CharacterKind
from crisis_desktop.resources_access import resource
from crisis_desktop.rules.kernel.dice import TypedDice
from crisis_desktop.rules.kernel.flows import StepRole
from crisis_desktop.rules.moments import MomentsRuleset, sheet
from crisis_desktop.storage.campaign_store import CampaignStore
from crisis_desktop.storage.demo import MOMENTS_DEMO_FILE_NAME, seed_demos

MOMENTS_DEMO = resource("demo", "moments.json")


@pytest.fixture
def demo() -> Campaign:
    return Campaign.model_validate_json(MOMENTS_DEMO.read_bytes())


def test_the_demo_loads_with_no_sheet_problems_at_default_options(demo):
    assert demo.ruleset == "moments" and demo.rule_options == {}
    assert sum(c.kind is CharacterKind.PC for c in demo.characters) == 3
    session = CampaignSession(demo)
    assert session.ruleset is not None and session.rules_problem == ""
    assert session.sheet_problems() == []


def test_the_encounter_is_on_a_map_with_every_token(demo):
    encounter = demo.encounters[0]
    battle_map = next(m for m in demo.battle_maps if m.id == encounter.battle_map_id)
    assert {t.combatant_id for t in battle_map.tokens} == {c.id for c in encounter.combatants}
    assert {str(c.cover) for c in battle_map.cells} >= {"light", "heavy", "total"}


def test_a_moment_runs_declared_worst_to_best_and_vera_strikes(demo):
    ctl = EncounterController(demo, demo.encounters[0].id, MomentsRuleset())
    history = History(demo)
    ids = {c.character_id: c.id for c in ctl.view.encounter.combatants}
    # INT tests in the encounter's order: Vera 5 (a success), everyone else fails with 90 and up.
    history.push(ctl.start(TypedDice([5, 90, 91, 92, 93, 94, 95])))
    assert ctl.view.order_rows()[-1].combatant_id == ids["pc-vera"]         # the best ranked declares last
    while (plan := next((o for o in ctl.offers() if o.role is StepRole.PLAN), None)) is not None:
        history.push(ctl.step(plan.key, plan.actors[0], "act"))
    history.push(ctl.step("resolve_declarations"))
    assert ctl.view.acting() == (ids["pc-vera"],)
    shield_bearer = ids["npc-shieldbearer"]
    found = ctl.preview.measure(ids["pc-vera"], shield_bearer)
    assert found is not None and found.inputs == {"range": "close"}
    far = ctl.preview.measure(ids["pc-corvin"], ids["npc-bowman"])
    assert far is not None and far.inputs == {"range": "distant"}
    sword = next(w for w in ctl.preview.weapons(ids["pc-vera"]) if w.name == "Sword")
    request = ctl.preview.attack_request(ids["pc-vera"], sword.id, shield_bearer, reaction="block",
                                 **ctl.preview.map_inputs(ids["pc-vera"], sword.id, shield_bearer))
    # The block fumbles: 8 - 2 AP, half of 12 HP: a major wound (d12 1, its death test 1).
    history.push(ctl.attack(request, TypedDice([60, 100, 8, 1, 1])))
    assert sheet.hp_lost(ctl.view.character_of(shield_bearer)) == 6
    history.undo()
    assert sheet.hp_lost(ctl.view.character_of(shield_bearer)) == 0


def test_the_demo_is_seeded_once_and_found_by_name(paths, capsys):
    seed_demos(paths)
    assert (paths.campaigns / MOMENTS_DEMO_FILE_NAME).exists()
    assert seed_demos(paths) == []
    store = CampaignStore(paths)
    assert store.find("Moments demo") == paths.campaigns / MOMENTS_DEMO_FILE_NAME
    assert cli_main(["--data-dir", str(paths.data_dir), "info", "--campaign", "Moments demo"]) == 0
    out = capsys.readouterr().out
    assert "(moments)" in out and "3 PCs, 4 NPCs, 1 encounters, 1 battle maps" in out
