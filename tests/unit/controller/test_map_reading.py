"""The battle map read by each system's rules, on each demo map: the attack view's one reading (Attacks.map_reading)
gives the attack its inputs and refusals and Measure its lines. Genesys reads engagement and painted cover, skirmish
moves into an area and fights there in one round, moments reads close/near/distant, and only crisis and
crisis-classic count range increments."""

from __future__ import annotations

import pytest

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.controller.map_commands import SetToken
from crisis_desktop.domain import Campaign
from crisis_desktop.resources_access import resource
from crisis_desktop.rules.genesys import GenesysRuleset
from crisis_desktop.rules.kernel.dice import RandomDice, TypedDice
from crisis_desktop.rules.kernel.geometry import Terrain
from crisis_desktop.rules.moments import MomentsRuleset
from crisis_desktop.rules.registry import get_ruleset
from crisis_desktop.rules.skirmish import SkirmishRuleset

DEMOS = resource("demo")
KARA, JAX, THUGS, BRAKK = "cmb-dock-kara", "cmb-dock-jax", "cmb-dock-thugs", "cmb-dock-brakk"


def load(name: str) -> Campaign:
    return Campaign.model_validate_json((DEMOS / name).read_bytes())


def weapon(ctl: EncounterController, combatant_id: str, name: str) -> str:
    return next(w.id for w in ctl.preview.weapons(combatant_id) if w.name == name)


def labels(ctl: EncounterController, request) -> list[str]:
    return [term.label for term in ctl.preview.attack_preview(request).modifiers]


def move_token(campaign: Campaign, encounter_id: str, combatant_id: str, cell: tuple[int, int]) -> None:
    battle_map = next(m for m in campaign.battle_maps if m.id == campaign.encounter(encounter_id).battle_map_id)
    SetToken(battle_map.id, combatant_id, cell, "place").apply(campaign)


# -- genesys --------------------------------------------------------------------------------------------------------
@pytest.fixture
def genesys() -> EncounterController:
    demo = load("genesys.json")
    return EncounterController(demo, "enc-dock-9", GenesysRuleset())


def test_genesys_a_ranged_attack_at_a_target_engaged_with_others_is_upgraded(genesys):
    ctl = genesys
    pistol = weapon(ctl, KARA, "Heavy pistol")
    # The thugs stand next to Jax: engaged with others, so Kara's shot upgrades its difficulty once.
    assert ctl.preview.map_inputs(KARA, pistol, THUGS) == {"range_band": "short", "target_engaged": True, "cover": 0}
    request = ctl.preview.attack_request(KARA, pistol, THUGS, target_engaged=False)   # the map's reading stands
    assert request.targets[0].inputs["target_engaged"] is True
    assert "ranged attack at an engaged target: upgrade difficulty" in labels(ctl, request)
    # Brakk stands apart: no upgrade.
    alone = ctl.preview.attack_request(KARA, pistol, BRAKK)
    assert ctl.preview.map_inputs(KARA, pistol, BRAKK)["target_engaged"] is False
    assert not any("engaged" in label for label in labels(ctl, alone))
    # A GM override keeps the value given, and the request says what was forced against the map.
    forced = ctl.preview.attack_request(KARA, pistol, THUGS, override=True, target_engaged=False)
    assert forced.targets[0].inputs["target_engaged"] is False
    assert "Dock thugs: Target is engaged with others: no instead of the map's yes" in forced.overrides


def test_genesys_shooting_while_engaged_adds_its_difficulty(genesys):
    ctl = genesys
    pistol = weapon(ctl, JAX, "Light pistol")
    # Jax stands next to the thugs, an opponent: a Ranged (Light) attack while engaged is +1 difficulty.
    assert ctl.preview.map_attack_inputs(JAX, pistol, THUGS) == {"attacker_engaged": True}
    request = ctl.preview.attack_request(JAX, pistol, THUGS, attacker_engaged=False)
    assert request.inputs["attacker_engaged"] is True
    modifiers = ctl.preview.attack_preview(request).modifiers
    assert ("ranged attack while engaged: difficulty", 1) in [(t.label, t.value) for t in modifiers]
    # Kara stands next to nobody: her shot is not made while engaged.
    assert ctl.preview.map_attack_inputs(KARA, weapon(ctl, KARA, "Heavy pistol"), THUGS) == {"attacker_engaged": False}
    # The readout says so, and Measure between the same cells reads the same lines as the attack.
    found = ctl.preview.measure(JAX, THUGS, pistol)
    assert found is not None and found.lines == ("1 tile (1.5 m)", "engaged (adjacent)",
                                                 "ranged attack while engaged: +1 difficulty", "Light pistol: Easy")
    measured = ctl.preview.measure_cells((8, 7), (9, 7), ctl.view.character_of(JAX).item(pistol))
    assert measured is not None and measured.lines == found.lines


def test_genesys_painted_cover_adds_setback_dice_to_a_ranged_attack(genesys):
    ctl = genesys
    move_token(ctl.campaign, "enc-dock-9", BRAKK, (10, 5))       # the crates stand between Brakk and Kara
    pistol = weapon(ctl, BRAKK, "Light pistol")
    found = ctl.preview.measure(BRAKK, KARA, pistol)
    assert found is not None and found.reading.cover.value == "heavy"
    assert found.inputs == {"range_band": "short", "target_engaged": False, "cover": 2}
    assert "heavy cover: 2 setback dice against ranged attacks" in found.lines
    request = ctl.preview.attack_request(BRAKK, pistol, KARA, **ctl.preview.map_inputs(BRAKK, pistol, KARA))
    modifiers = [(t.label, t.value) for t in ctl.preview.attack_preview(request).modifiers]
    assert ("target in cover: setback", 2) in modifiers
    # Brakk in the open before Kara's pistol: no cover die; a melee weapon reads no cover at all.
    assert ctl.preview.map_inputs(KARA, weapon(ctl, KARA, "Heavy pistol"), BRAKK)["cover"] == 0
    assert "cover" not in (ctl.preview.map_inputs(BRAKK, weapon(ctl, BRAKK, "Axe"), KARA) or {})


# -- skirmish -------------------------------------------------------------------------------------------------------
SKIRMISH_PLANS = {"pc-aldric": "misc", "pc-mira": "misc", "pc-tobin": "melee:pc-tobin-1",
                  "npc-gorran": "melee:npc-gorran-0", "npc-brigand-1": "misc", "npc-brigand-2": "misc",
                  "npc-archer": "misc"}


def test_skirmish_moves_into_an_area_and_melees_there_in_one_round():
    demo = load("skirmish.json")
    start = demo.model_dump()
    ctl = EncounterController(demo, "enc-bridge", SkirmishRuleset())
    history = History(demo)
    ids = {c.character_id: c.id for c in ctl.view.encounter.combatants}
    tobin, gorran = ids["pc-tobin"], ids["npc-gorran"]
    history.push(ctl.start(RandomDice(1)))
    for character_id, choice in SKIRMISH_PLANS.items():
        history.push(ctl.step(f"plan:{ids[character_id]}", ids[character_id], choice))
    history.push(ctl.step("resolve_phases"))
    assert ctl.view.round_label() == "Round 1 · Melee combat phase" and ctl.view.acting() == (tobin, gorran)
    # From the West road, Tobin's skirmish with Gorran on the Bridge is refused by the areas...
    assert ctl.preview.map_refusals(tobin, "pc-tobin-1", gorran) == [
        "Gorran the Toll-keeper is 8 tiles from Tobin Ashe: a skirmish stays inside one area (West road, next to "
        "Bridge)"]
    # ...but his planned melee attack carries a move into the adjacent area, and the attack is still his to make.
    battle_map = ctl.preview.battle_map()
    assert battle_map is not None
    movement = ctl.ruleset.movement()
    assert movement is not None
    move = movement.plan_move(ctl.view.actor(tobin), Terrain.of(battle_map), (5, 9), (12, 9), set(), ctl.view.options)
    assert move.allowed and move.action == "move" and move.text == "Move to an adjacent area: into Bridge"
    history.push(ctl.take_action(tobin, "move"))
    history.push(SetToken(battle_map.id, tobin, (12, 9), "Move Tobin"))
    assert tobin in ctl.view.acting()
    assert ctl.preview.map_refusals(tobin, "pc-tobin-1", gorran) == []
    assert "Tobin Ashe is engaged with Gorran the Toll-keeper" in ctl.preview.measure(tobin, gorran).lines
    # A second move this round is refused: the move was made.
    again = movement.plan_move(ctl.view.actor(tobin), Terrain.of(battle_map), (12, 9), (16, 9), set(), ctl.view.options)
    assert not again.allowed and again.text == "Tobin Ashe has made its move this round"
    request = ctl.preview.attack_request(tobin, "pc-tobin-1", gorran)
    assert ctl.preview.attack_preview(request).cannot is None
    history.push(ctl.attack(request, TypedDice([15, 5, 2])))
    assert tobin not in ctl.view.acting()
    while history.can_undo:
        history.undo()
    assert demo.model_dump() == start


def test_skirmish_a_plan_to_move_is_carried_out_by_the_move():
    demo = load("skirmish.json")
    ctl = EncounterController(demo, "enc-bridge", SkirmishRuleset())
    history = History(demo)
    ids = {c.character_id: c.id for c in ctl.view.encounter.combatants}
    history.push(ctl.start(RandomDice(1)))
    for character_id, choice in {**SKIRMISH_PLANS, "pc-tobin": "move", "npc-gorran": "misc"}.items():
        history.push(ctl.step(f"plan:{ids[character_id]}", ids[character_id], choice))
    history.push(ctl.step("resolve_phases"))
    assert ids["pc-tobin"] in ctl.view.acting()
    history.push(ctl.take_action(ids["pc-tobin"], "move"))
    assert ids["pc-tobin"] not in ctl.view.acting()


def test_skirmish_a_marksman_engaged_does_not_shoot_and_the_map_says_who_is_engaged():
    demo = load("skirmish.json")
    ctl = EncounterController(demo, "enc-bridge", SkirmishRuleset())
    ids = {c.character_id: c.id for c in ctl.view.encounter.combatants}
    mira, club, archer = ids["pc-mira"], ids["npc-brigand-1"], ids["npc-archer"]
    assert not any("marksman" in r for r in ctl.preview.map_refusals(mira, "pc-mira-0", club))
    move_token(demo, "enc-bridge", club, (4, 6))                 # the club brigand steps up to Mira
    found = ctl.preview.measure(mira, club, "pc-mira-0")
    assert found is not None and "Mira Fenn is engaged with Brigand with a club" in found.lines
    assert "Longbow: a marksman does not shoot while engaged (Brigand with a club)" in found.lines
    far = ctl.preview.measure(mira, archer, "pc-mira-0")
    assert far is not None and far.lines[-1].startswith("Longbow: the Longbow shoots into its own area")
    assert any("a marksman does not shoot while engaged" in r for r in ctl.preview.map_refusals(mira, "pc-mira-0",
                                                                                                club))
    # Throwing works even while engaged; the Measure tool has no range increment or penalty to show.
    assert not any("engaged" in r for r in ctl.preview.map_refusals(ids["pc-tobin"], "pc-tobin-0", club))
    assert not any("increment" in line or "maximum" in line for line in found.lines)


# -- moments, crisis, crisis-classic --------------------------------------------------------------------------------
def test_moments_reads_close_near_distant_and_no_range_penalty():
    demo = load("moments.json")
    ctl = EncounterController(demo, "enc-ford", MomentsRuleset())
    ids = {c.character_id: c.id for c in ctl.view.encounter.combatants}
    bow = next(w for w in ctl.preview.weapons(ids["pc-corvin"]) if w.name == "Longbow")
    found = ctl.preview.measure(ids["pc-corvin"], ids["npc-bowman"], bow.id)
    assert found is not None and found.inputs == {"range": "distant"}
    assert found.lines[1].startswith("distant") and found.lines == ctl.preview.measure_cells((3, 5), (21, 3), bow).lines
    assert not any("increment" in line or "maximum" in line for line in found.lines)
    close = ctl.preview.measure(ids["pc-vera"], ids["npc-shieldbearer"])
    assert close is not None and close.inputs == {"range": "close"} and close.lines[1].startswith("close")


@pytest.mark.parametrize("system", ["genesys", "skirmish", "moments"])
def test_a_system_that_declares_no_range_increments_shows_none(system):
    rules = get_ruleset(system)
    assert not hasattr(rules, "range_increments") and not hasattr(rules, "RANGE_PENALTY_PER_INCREMENT")


def test_crisis_and_crisis_classic_declare_their_range_increments():
    crisis, classic = get_ruleset("crisis"), get_ruleset("crisis-classic")
    assert (crisis.range_increments({}).penalty_per_increment, crisis.range_increments({}).max_increments) == (-1, 10)
    assert (classic.range_increments({}).penalty_per_increment, classic.range_increments({}).max_increments) == \
        (-2, None)
    ctl = EncounterController(load("campaign.json"), "enc-ambush", crisis)
    found = ctl.preview.measure("cmb-ambush-vera", "cmb-ambush-raider-rask", "pc-vera-pistol")
    assert found is not None
    weapon_line = found.lines[-1]
    assert weapon_line.startswith("Pistol: increment ") and weapon_line == \
        ctl.preview.measure_cells(ctl.preview.token_cells()["cmb-ambush-vera"],
                                  ctl.preview.token_cells()["cmb-ambush-raider-rask"],
                          ctl.view.character_of("cmb-ambush-vera").item("pc-vera-pistol")).lines[-1]
