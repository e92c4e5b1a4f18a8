"""With a battle map, every attack takes distance, line of sight, cover and reach from it; the GM may force it."""

from __future__ import annotations

import json

import pytest

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.domain import Campaign
from crisis_desktop.resources_access import resource
from crisis_desktop.rules.base import CoverLevel
from crisis_desktop.rules.kernel.dice import RandomDice, TypedDice
from crisis_desktop.rules.registry import get_ruleset


def ambush() -> tuple[EncounterController, History, dict[str, str]]:
    campaign = Campaign.model_validate(json.loads(resource("demo", "campaign.json").read_text(encoding="utf-8")))
    ctl = EncounterController(campaign, "enc-ambush", get_ruleset("crisis"))
    history = History(campaign)
    history.push(ctl.start(RandomDice(5)))
    ids = {ctl.view.name(c.id).split()[0]: c.id for c in ctl.view.encounter.combatants}
    return ctl, history, ids


def weapon(ctl: EncounterController, who: str, name: str) -> str:
    return next(w.id for w in ctl.view.character_of(who).equipment if w.name == name)


def test_the_map_measures_distance_cover_and_sight_between_tokens():
    ctl, _h, ids = ambush()
    seen = ctl.preview.measure(ids["Vera"], ids["Rask"])
    assert seen is not None and seen.tiles == 6 and seen.reading.line_of_sight
    assert seen.inputs == {"distance": 6.0, "cover": CoverLevel.NONE, "cover_penetrable": False, "hex_grid": False}
    hidden = ctl.preview.measure(ids["Halvorsen"], ids["Vera"])
    assert hidden is not None and not hidden.reading.line_of_sight and hidden.inputs["cover"] is CoverLevel.TOTAL


def test_the_sniper_cannot_shoot_vera_through_total_cover_whatever_is_typed():
    ctl, _h, ids = ambush()
    sniper, vera = ids["Halvorsen"], ids["Vera"]
    rifle = ctl.preview.weapons(sniper)[0].id
    request = ctl.preview.attack_request(sniper, rifle, vera, distance=2.0, cover="none")
    assert request.targets[0].inputs["distance"] == 13.0 and request.targets[0].inputs["cover"] is CoverLevel.TOTAL
    with pytest.raises(ValueError, match="Halvorsen cannot see Vera Kask: no line of sight on the map"):
        ctl.preview.attack_preview(request)
    with pytest.raises(ValueError, match="no line of sight"):
        ctl.attack(request, RandomDice(1))


def test_a_melee_attack_needs_the_target_in_reach():
    ctl, _h, ids = ambush()
    rask, vera = ids["Rask"], ids["Vera"]
    knife = weapon(ctl, rask, "Knife")
    with pytest.raises(ValueError, match=r"^Vera Kask is 6 tiles from Rask: out of the Knife's reach \(1 tile\)$"):
        ctl.preview.attack_preview(ctl.preview.attack_request(rask, knife, vera))
    battle_map = ctl.preview.battle_map()
    token = next(t for t in battle_map.tokens if t.combatant_id == rask)
    token.x, token.y = 9, 8                             # next to Vera at (8, 8)
    assert ctl.preview.map_refusals(rask, knife, vera) == []
    assert ctl.preview.attack_preview(ctl.preview.attack_request(rask, knife, vera)).odds.hit > 0


def test_a_gm_override_forces_the_attack_and_is_logged():
    ctl, history, ids = ambush()
    sniper, vera = ids["Halvorsen"], ids["Vera"]
    rifle = ctl.preview.weapons(sniper)[0].id
    request = ctl.preview.attack_request(sniper, rifle, vera, override=True, distance=13.0, cover="light")
    assert request.targets[0].inputs["cover"] == "light"
    assert "Halvorsen cannot see Vera Kask: no line of sight on the map" in request.overrides
    assert "Vera Kask: Cover: light instead of the map's total" in request.overrides
    assert ctl.preview.attack_preview(request).modifiers                   # priced: the GM forced it
    event = ctl.attack(request, TypedDice([1] * 12))
    history.push(event)
    entry = next(e for e in reversed(ctl.view.encounter.log) if e.kind == "attack")
    assert "GM override: Halvorsen cannot see Vera Kask: no line of sight on the map" in entry.details
    assert "GM override: Vera Kask: Cover: light instead of the map's total" in entry.details


def test_without_a_map_the_typed_distance_and_cover_stand():
    ctl, _h, ids = ambush()
    ctl.view.encounter.battle_map_id = None
    sniper, vera = ids["Halvorsen"], ids["Vera"]
    request = ctl.preview.attack_request(sniper, ctl.preview.weapons(sniper)[0].id, vera, distance=2.0, cover="light")
    assert ctl.preview.measure(sniper, vera) is None and not request.overrides
    assert request.targets[0].inputs["distance"] == 2.0 and request.targets[0].inputs["cover"] == "light"
    assert ctl.preview.attack_preview(request).odds.hit > 0


def test_a_combatant_without_a_token_is_typed_for():
    ctl, _h, ids = ambush()
    battle_map = ctl.preview.battle_map()
    battle_map.tokens = [t for t in battle_map.tokens if t.combatant_id != ids["Rask"]]
    request = ctl.preview.attack_request(ids["Vera"], ctl.preview.weapons(ids["Vera"])[0].id, ids["Rask"], distance=3.0)
    assert ctl.preview.measure(ids["Vera"], ids["Rask"]) is None and request.targets[0].inputs["distance"] == 3.0


def clustered() -> tuple[EncounterController, History, dict[str, str], str]:
    """Dmitri with his grenade; Rask, Mother Kell and Jory stand together (0, 1 and 2 tiles from Rask)."""
    ctl, history, ids = ambush()
    tokens = {t.combatant_id: t for t in ctl.preview.battle_map().tokens}
    tokens[ids["Mother"]].x, tokens[ids["Mother"]].y = 15, 7
    ctl.view.character_of(ids["Dmitri"]).stats["athletics"] = 8
    while ctl.view.current_id() != ids["Dmitri"]:
        history.push(ctl.step("next_turn"))
    return ctl, history, ids, weapon(ctl, ids["Dmitri"], "Grenade")


def test_a_grenade_on_three_clustered_tokens_hurts_all_three_with_fall_off_and_is_used_up():
    ctl, history, ids, grenade = clustered()
    dmitri, rask, kell, jory = ids["Dmitri"], ids["Rask"], ids["Mother"], ids["Jory"]
    assert ctl.preview.blast_targets(dmitri, grenade, rask) == [rask, kell, jory]
    request = ctl.preview.attack_request(dmitri, grenade, rask)            # nobody else named: the map adds them
    assert [t.actor.combatant.id for t in request.targets] == [rask, kell, jory]
    assert [t.inputs["tiles_from_centre"] for t in request.targets] == [0, 1, 2]
    # The throw hits (7 on the d8); Rask 3d8 (2+2+2), Mother Kell 2d8 (3+3), Jory 1d8 (4).
    event = ctl.attack(request, TypedDice([7, 2, 2, 2, 3, 3, 4]))
    history.push(event)
    hurt = {r.target.combatant.id: r.damage.damage.value for r in (event.result, *event.result.followups)}
    assert hurt == {rask: 6, kell: 6, jory: 4}
    assert all(w.name != "Grenade" for w in ctl.view.character_of(dmitri).equipment)
    history.undo()
    assert any(w.id == grenade for w in ctl.view.character_of(dmitri).equipment)


def test_a_scattered_miss_hurts_whoever_stands_where_it_lands():
    ctl, history, ids, grenade = clustered()
    dmitri, rask = ids["Dmitri"], ids["Rask"]
    request = ctl.preview.attack_request(dmitri, grenade, rask)
    # Find a face of the scatter die that drops the blast where it catches someone besides Rask.
    for face in range(1, 9):
        probe = ctl.attack(request, TypedDice([1, face] + [1] * 12))
        landing = ctl.preview.landing(request, probe.result)
        caught = ctl.preview.under_blast(dmitri, grenade, landing, thrower_too=True)
        if set(caught) - {rask}:
            break
    else:
        pytest.fail("no face of the scatter die lands the blast on anyone but Rask")
    assert landing != next((t.x, t.y) for t in ctl.preview.battle_map().tokens if t.combatant_id == rask)
    event = ctl.attack(request, TypedDice([1, face] + [1] * 12))
    history.push(event)
    landed = [r for r in event.result.followups if r.request is not request]
    assert {r.target.combatant.id for r in landed} == set(caught)
    assert all(r.damage is not None and r.damage.taken.value > 0 for r in landed)
    entry = next(e for e in reversed(ctl.view.encounter.log) if e.kind == "attack")
    assert any("(where it landed): Damage" in line for line in entry.details)
    assert "the blast catches" in entry.text
