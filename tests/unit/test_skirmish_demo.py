"""The bundled skirmish demo: seeded beside the others, found by name, legal sheets, areas on its map, and the
issue's scripted round through the controller (a planned ranged attack, a combatant downed in the ranged phase still
throwing, a 2-against-1 skirmish, a move into an adjacent area, bleeding at the End phase), then undone whole."""

from __future__ import annotations

import pytest

from crisis_desktop.app import main as cli_main
from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.controller.map_commands import SetToken
from crisis_desktop.controller.session import CampaignSession
from crisis_desktop.domain import Campaign, CharacterKind
from crisis_desktop.resources_access import resource
from crisis_desktop.rules.kernel.dice import RandomDice, TypedDice
from crisis_desktop.rules.kernel.geometry import Terrain
from crisis_desktop.rules.skirmish import SkirmishRuleset, plans, sheet
from crisis_desktop.storage.campaign_store import CampaignStore
from crisis_desktop.storage.demo import SKIRMISH_DEMO_FILE_NAME, seed_demos

SKIRMISH_DEMO = resource("demo", "skirmish.json")
PLANS = {"pc-aldric": "melee:pc-aldric-0", "pc-mira": "ranged:pc-mira-0", "pc-tobin": "move",
         "npc-gorran": "melee:npc-gorran-0", "npc-brigand-1": "melee:npc-brigand-1-0",
         "npc-brigand-2": "ranged:npc-brigand-2-1", "npc-archer": "misc"}


@pytest.fixture
def demo() -> Campaign:
    return Campaign.model_validate_json(SKIRMISH_DEMO.read_bytes())


def test_the_demo_loads_with_no_sheet_problems_at_default_options(demo):
    assert demo.ruleset == "skirmish" and demo.rule_options == {}
    assert sum(c.kind is CharacterKind.PC for c in demo.characters) == 3
    session = CampaignSession(demo)
    assert session.ruleset is not None and session.rules_problem == ""
    assert session.sheet_problems() == []


def test_the_map_is_cut_into_areas_and_every_token_stands_in_one(demo):
    encounter = demo.encounters[0]
    battle_map = next(m for m in demo.battle_maps if m.id == encounter.battle_map_id)
    assert {t.combatant_id for t in battle_map.tokens} == {c.id for c in encounter.combatants}
    zones = Terrain.of(battle_map).zones
    assert zones.names() == ["Bridge", "East yard", "River", "Toll house", "West road"]
    assert zones.neighbours("Bridge") == ["East yard", "River", "Toll house", "West road"]
    assert all(zones.area((t.x, t.y)) for t in battle_map.tokens)


def test_the_scripted_round_then_everything_undone(demo):
    start = demo.model_dump()
    ctl = EncounterController(demo, "enc-bridge", SkirmishRuleset())
    history = History(demo)
    ids = {c.character_id: c.id for c in ctl.view.encounter.combatants}
    aldric, mira, tobin, gorran, brigand, spear, archer = (ids[k] for k in PLANS)
    history.push(ctl.start(RandomDice(1)))
    assert ctl.view.round_label() == "Round 1 · planning" and ctl.view.acting() == ()
    for character_id, choice in PLANS.items():
        history.push(ctl.step(f"plan:{ids[character_id]}", ids[character_id], choice))
    assert all(r.announced == "" for r in ctl.view.order_rows())         # the table learns the plans when they resolve
    history.push(ctl.step("resolve_phases"))
    assert ctl.view.round_label() == "Round 1 · Ranged combat phase" and ctl.view.acting() == (mira, spear)
    assert {r.combatant_id: r.announced for r in ctl.view.order_rows()}[mira] == "Ranged attack: Longbow"
    # Nothing out of order: Aldric's skirmish waits for the melee phase, Mira shoots only with the bow she planned.
    assert "it is Mira Fenn, Brigand with a spear's turn" in str(
        ctl.preview.attack_preview(ctl.preview.attack_request(aldric, "pc-aldric-0", gorran)).cannot)
    with pytest.raises(ValueError, match="a skirmish stays inside one area"):
        ctl.preview.attack_preview(ctl.preview.attack_request(mira, "pc-mira-1", spear))
    forced = ctl.preview.attack_request(mira, "pc-mira-1", spear, override=True)     # the GM overrides the map
    assert ctl.preview.attack_preview(forced).cannot == \
        "Mira Fenn planned a ranged attack with the Longbow, not a melee attack with the Dagger"

    # Mira's arrow: 18 + 9 against 2 + 1, x3, 3 x 10 - 1 AV = 29 to the torso: the spearman drops, dying.
    history.push(ctl.attack(ctl.preview.attack_request(mira, "pc-mira-0", spear), TypedDice([18, 2, 2])))
    assert ctl.view.state_of(spear).key == "dying"
    # Downed in the ranged phase, he still throws his javelin in it: 10 + 2 against 5 + 3, x1, 9 - 5 AV = 4 (arms).
    assert spear in ctl.view.acting()
    history.push(ctl.attack(ctl.preview.attack_request(spear, "npc-brigand-2-1", aldric), TypedDice([10, 5, 3])))
    assert ctl.view.character_of(aldric).status["fatigue"] == 1 and ctl.view.acting() == ()

    # The melee phase: Aldric against Gorran and the club brigand. Gorran's 23 beats Aldric's 15 (difference 8, x2):
    # 2 x 10 - 5 = 15 to the torso, a Bleeder; the club brigand's plan is carried out with theirs.
    history.push(ctl.step("next_phase"))
    assert ctl.view.acting() == (aldric, gorran, brigand)
    request = ctl.preview.attack_request(aldric, "pc-aldric-0", gorran, more=[(brigand, {})])
    preview = ctl.preview.attack_preview(request)
    assert preview.cannot is None and preview.odds is not None
    assert 0 < preview.odds.chances["Aldric Vane takes the blow"] < 1
    history.push(ctl.attack(request, TypedDice([8, 15, 10, 2])))
    status = ctl.view.character_of(aldric).status
    assert (status["fatigue"], status["wound_torso"]) == (4, "critical")
    assert ctl.view.acting() == ()

    # The miscellaneous phase: Tobin moves from the West road onto the Bridge; the archer does what he planned.
    history.push(ctl.step("next_phase"))
    assert ctl.view.acting() == (tobin, archer)
    battle_map = ctl.preview.battle_map()
    assert battle_map is not None
    terrain = Terrain.of(battle_map)
    movement = ctl.ruleset.movement()
    assert movement is not None
    too_far = movement.plan_move(ctl.view.actor(tobin), terrain, (5, 9), (18, 12), set(), ctl.view.options)
    assert not too_far.allowed and "East yard is not next to West road" in too_far.text
    move = movement.plan_move(ctl.view.actor(tobin), terrain, (5, 9), (9, 9), set(), ctl.view.options)
    assert move.allowed and move.action == "move", move.text
    history.push(ctl.take_action(tobin, "move"))
    history.push(SetToken(battle_map.id, tobin, (9, 9), "Move Tobin"))
    assert ctl.preview.measure(tobin, gorran).areas.same
    history.push(ctl.take_action(archer, "misc"))
    assert ctl.view.acting() == ()

    # The End phase: Aldric bleeds (Stamina above 0); the dying spearman does not; plans and moves are cleared.
    history.push(ctl.step("next_phase"))
    assert ctl.view.round_label() == "Round 2 · planning"
    assert ctl.view.character_of(aldric).status["fatigue"] == 5
    assert ctl.view.character_of(spear).status["fatigue"] == 6
    assert all(not plans.planned(ctl.view.actor(c.id)) and not plans.moved(ctl.view.actor(c.id))
               for c in ctl.view.encounter.combatants)
    assert int(sheet.stamina(ctl.view.character_of(aldric)).value) == 1

    while history.can_undo:
        history.undo()
    assert demo.model_dump() == start


def test_the_demo_is_seeded_once_and_found_by_name(paths, capsys):
    seed_demos(paths)
    assert (paths.campaigns / SKIRMISH_DEMO_FILE_NAME).exists()
    assert seed_demos(paths) == []
    store = CampaignStore(paths)
    assert store.find("Skirmish demo") == paths.campaigns / SKIRMISH_DEMO_FILE_NAME
    assert cli_main(["--data-dir", str(paths.data_dir), "info", "--campaign", "Skirmish demo"]) == 0
    out = capsys.readouterr().out
    assert "(skirmish)" in out and "3 PCs, 4 NPCs, 1 encounters, 1 battle maps" in out
