"""The bundled genesys demo: seeded beside the crisis demo, found by name, legal sheets, and a fight that runs."""

from __future__ import annotations

import pytest

from crisis_desktop.app import main as cli_main
from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.controller.session import CampaignSession
from crisis_desktop.domain import Campaign, CharacterKind
from crisis_desktop.resources_access import resource
from crisis_desktop.rules.genesys import GenesysRuleset, stats
from crisis_desktop.rules.kernel.dice import TypedDice
from crisis_desktop.rules.kernel.flows import StepRole
from crisis_desktop.storage.campaign_store import CampaignStore
from crisis_desktop.storage.demo import DEMO_FILE_NAME, GENESYS_DEMO_FILE_NAME, seed_demo, seed_demos

GENESYS_DEMO = resource("demo", "genesys.json")


@pytest.fixture
def demo() -> Campaign:
    return Campaign.model_validate_json(GENESYS_DEMO.read_bytes())


def test_the_demo_has_pcs_a_minion_group_a_rival_and_a_nemesis_at_default_options(demo):
    assert demo.ruleset == "genesys" and demo.rule_options == {}
    assert sum(c.kind is CharacterKind.PC for c in demo.characters) == 3
    kinds = sorted(str(c.stats["adversary"]) for c in demo.characters if c.kind is CharacterKind.NPC)
    assert kinds == ["minion", "nemesis", "rival"]
    thugs = next(c for c in demo.characters if c.stats.get("adversary") == "minion")
    assert stats.minions_alive(thugs) == 3


def test_the_demo_loads_with_no_sheet_problems(demo):
    session = CampaignSession(demo)
    assert session.ruleset is not None and session.rules_problem == ""
    assert session.sheet_problems() == []


def test_the_encounter_is_on_a_map_with_terrain_and_every_token(demo):
    encounter = demo.encounters[0]
    battle_map = next(m for m in demo.battle_maps if m.id == encounter.battle_map_id)
    assert {t.combatant_id for t in battle_map.tokens} == {c.id for c in encounter.combatants}
    assert {str(c.cover) for c in battle_map.cells} >= {"light", "heavy", "total"}
    assert any(c.difficult for c in battle_map.cells)
    characters = {c.id for c in demo.characters}
    assert all(c.character_id in characters for c in encounter.combatants)


def test_the_encounter_starts_and_a_pc_attacks_the_minion_group(demo):
    ctl = EncounterController(demo, demo.encounters[0].id, GenesysRuleset())
    history = History(demo)
    # Initiative: blank dice all round, a tie everywhere, and ties go to the PCs at the default options.
    history.push(ctl.start(TypedDice(["blank"] * 40)))
    fill = next(o for o in ctl.offers() if o.role is StepRole.CHOOSE)
    jax = next(c.id for c in ctl.view.encounter.combatants if c.character_id == "pc-jax")
    thugs = next(c.id for c in ctl.view.encounter.combatants if c.character_id == "npc-dock-thugs")
    assert jax in fill.actors
    history.push(ctl.step(fill.key, jax))
    # Jax stands next to the thugs on the map: engaged, and the map says so.
    found = ctl.preview.measure(jax, thugs)
    assert found is not None and found.inputs == {"range_band": "engaged"}
    sword = next(w for w in ctl.preview.weapons(jax) if w.name == "Sword")
    request = ctl.preview.attack_request(jax, sword.id, thugs, **ctl.preview.map_inputs(jax, sword.id, thugs))
    attack = ctl.attack(request, TypedDice(["ss", "ss", "s", "blank", "blank", "blank", "blank"]))
    history.push(attack)
    thug_sheet = ctl.view.character_of(thugs)
    assert stats.wounds(thug_sheet) > 0
    assert stats.minions_alive(thug_sheet) < 3
    assert "attack" in [entry.kind for entry in ctl.view.encounter.log]
    history.undo()
    assert stats.wounds(ctl.view.character_of(thugs)) == 0


def test_both_demos_are_seeded_once_and_found_by_name(paths, capsys):
    assert seed_demo(paths) == paths.campaigns / DEMO_FILE_NAME
    assert (paths.campaigns / GENESYS_DEMO_FILE_NAME).exists()
    assert seed_demos(paths) == []
    (paths.campaigns / GENESYS_DEMO_FILE_NAME).unlink()
    assert seed_demos(paths) == []                          # deleted by the user: it does not come back
    (paths.data_dir / ".genesys-demo-seeded").unlink()
    assert seed_demos(paths) == [paths.campaigns / GENESYS_DEMO_FILE_NAME]
    store = CampaignStore(paths)
    assert store.find("Genesys demo") == paths.campaigns / GENESYS_DEMO_FILE_NAME
    assert store.find("Demo") == paths.campaigns / DEMO_FILE_NAME
    assert cli_main(["--data-dir", str(paths.data_dir), "info", "--campaign", "Genesys demo"]) == 0
    out = capsys.readouterr().out
    assert "(genesys)" in out and "3 PCs, 3 NPCs, 1 encounters, 1 battle maps" in out
    cli_main(["--data-dir", str(paths.data_dir), "info", "--campaign", "Demo"])
    assert "4 PCs, 6 NPCs" in capsys.readouterr().out
