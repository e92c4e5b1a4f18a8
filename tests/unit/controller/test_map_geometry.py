"""With a battle map, every attack takes distance, line of sight, cover and reach from it; the GM may force it."""

from __future__ import annotations

import json

import pytest

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.domain import Campaign
from crisis_desktop.resources_access import resource
from crisis_desktop.rules.base import CoverLevel
from crisis_desktop.rules.dice import RandomDice, TypedDice
from crisis_desktop.rules.registry import get_ruleset


def ambush() -> tuple[EncounterController, History, dict[str, str]]:
    campaign = Campaign.model_validate(json.loads(resource("demo", "campaign.json").read_text(encoding="utf-8")))
    ctl = EncounterController(campaign, "enc-ambush", get_ruleset("crisis"))
    history = History(campaign)
    history.push(ctl.start(RandomDice(5)))
    ids = {ctl.name(c.id).split()[0]: c.id for c in ctl.encounter.combatants}
    return ctl, history, ids


def weapon(ctl: EncounterController, who: str, name: str) -> str:
    return next(w.id for w in ctl.character_of(who).equipment if w.name == name)


def test_the_map_measures_distance_cover_and_sight_between_tokens():
    ctl, _h, ids = ambush()
    seen = ctl.measure(ids["Vera"], ids["Rask"])
    assert seen is not None and seen.tiles == 6 and seen.reading.line_of_sight
    assert seen.inputs == {"distance": 6.0, "cover": CoverLevel.NONE, "cover_penetrable": False}
    hidden = ctl.measure(ids["Halvorsen"], ids["Vera"])
    assert hidden is not None and not hidden.reading.line_of_sight and hidden.inputs["cover"] is CoverLevel.TOTAL


def test_the_sniper_cannot_shoot_vera_through_total_cover_whatever_is_typed():
    ctl, _h, ids = ambush()
    sniper, vera = ids["Halvorsen"], ids["Vera"]
    rifle = ctl.weapons(sniper)[0].id
    request = ctl.attack_request(sniper, rifle, vera, distance=2.0, cover="none")
    assert request.targets[0].inputs["distance"] == 13.0 and request.targets[0].inputs["cover"] is CoverLevel.TOTAL
    with pytest.raises(ValueError, match="Halvorsen cannot see Vera Kask: no line of sight on the map"):
        ctl.attack_preview(request)
    with pytest.raises(ValueError, match="no line of sight"):
        ctl.attack(request, RandomDice(1))


def test_a_melee_attack_needs_the_target_in_reach():
    ctl, _h, ids = ambush()
    rask, vera = ids["Rask"], ids["Vera"]
    knife = weapon(ctl, rask, "Knife")
    with pytest.raises(ValueError, match=r"^Vera Kask is 6 tiles from Rask: out of the Knife's reach \(1 tile\)$"):
        ctl.attack_preview(ctl.attack_request(rask, knife, vera))
    battle_map = ctl.battle_map()
    token = next(t for t in battle_map.tokens if t.combatant_id == rask)
    token.x, token.y = 9, 8                             # next to Vera at (8, 8)
    assert ctl.map_refusals(rask, knife, vera) == []
    assert ctl.attack_preview(ctl.attack_request(rask, knife, vera)).odds.hit > 0


def test_a_gm_override_forces_the_attack_and_is_logged():
    ctl, history, ids = ambush()
    sniper, vera = ids["Halvorsen"], ids["Vera"]
    rifle = ctl.weapons(sniper)[0].id
    request = ctl.attack_request(sniper, rifle, vera, override=True, distance=13.0, cover="light")
    assert request.targets[0].inputs["cover"] == "light"
    assert "Halvorsen cannot see Vera Kask: no line of sight on the map" in request.overrides
    assert "Vera Kask: cover light instead of the map's total" in request.overrides
    assert ctl.attack_preview(request).modifiers                   # priced: the GM forced it
    event = ctl.attack(request, TypedDice([1] * 12))
    history.push(event)
    entry = next(e for e in reversed(ctl.encounter.log) if e.kind == "attack")
    assert "GM override: Halvorsen cannot see Vera Kask: no line of sight on the map" in entry.details
    assert "GM override: Vera Kask: cover light instead of the map's total" in entry.details


def test_without_a_map_the_typed_distance_and_cover_stand():
    ctl, _h, ids = ambush()
    ctl.encounter.battle_map_id = None
    sniper, vera = ids["Halvorsen"], ids["Vera"]
    request = ctl.attack_request(sniper, ctl.weapons(sniper)[0].id, vera, distance=2.0, cover="light")
    assert ctl.measure(sniper, vera) is None and not request.overrides
    assert request.targets[0].inputs["distance"] == 2.0 and request.targets[0].inputs["cover"] == "light"
    assert ctl.attack_preview(request).odds.hit > 0


def test_a_combatant_without_a_token_is_typed_for():
    ctl, _h, ids = ambush()
    battle_map = ctl.battle_map()
    battle_map.tokens = [t for t in battle_map.tokens if t.combatant_id != ids["Rask"]]
    request = ctl.attack_request(ids["Vera"], ctl.weapons(ids["Vera"])[0].id, ids["Rask"], distance=3.0)
    assert ctl.measure(ids["Vera"], ids["Rask"]) is None and request.targets[0].inputs["distance"] == 3.0
