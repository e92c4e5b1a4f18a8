"""The Genesys bestiary: at least a dozen adversaries of each type (minion groups, rivals, nemeses) with the fields
their type has, using talents and item qualities the rules apply, and every one of them fights a quick simulated
fight against the demo's player characters."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from crisis_desktop.controller.npc_builder import parse_bestiary
from crisis_desktop.domain import Character, ItemKind
from crisis_desktop.resources_access import resource
from crisis_desktop.rules.genesys import stats, talents
from crisis_desktop.rules.registry import get_ruleset

RULES = get_ruleset("genesys")


def entries() -> list[Character]:
    return parse_bestiary(json.loads(resource("bestiary", "genesys.json").read_text(encoding="utf-8")))


def test_a_dozen_or_more_of_each_adversary_type() -> None:
    counts = Counter(stats.adversary(e) for e in entries())
    assert counts["minion"] >= 12 and counts["rival"] >= 12 and counts["nemesis"] >= 12, counts
    assert sum(counts.values()) == len(entries()) == 39


def test_each_entry_has_the_fields_of_its_type_and_is_legal() -> None:
    for foe in entries():
        kind = stats.adversary(foe)
        assert RULES.sheet.validate_character(foe) == [], foe.name
        assert RULES.sheet.notes(foe) == [], foe.name          # every talent is in the catalogue
        assert ("strain_threshold" in foe.stats) is (kind == "nemesis"), foe.name
        assert (stats.group_size(foe) > 1) is (kind == "minion"), foe.name
        assert kind in foe.tags and foe.notes and foe.gm_notes, foe.name


def test_the_bestiary_uses_talents_and_qualities() -> None:
    held = {h.talent.key for foe in entries() for h in talents.held(foe) if h.talent is not None}
    assert {"adversary", "parry", "dodge", "quick_draw", "lethal_blows", "durable", "surgeon"} <= held
    qualities = {q for foe in entries() for item in foe.equipment if item.kind is ItemKind.WEAPON
                 for q in stats.qualities(item)}
    assert {"pierce", "vicious", "knockdown", "ensnare", "blast", "burn", "stun", "disorient", "linked",
            "breach", "sunder", "prepare", "limited_ammo", "auto_fire"} <= qualities


@pytest.mark.parametrize("kind", ["minion", "rival", "nemesis"])
def test_every_entry_fights_a_quick_simulated_fight(kind: str) -> None:
    from crisis_desktop.controller.simulate import simulate
    from crisis_desktop.domain.encounter import Combatant, Encounter, Side
    from tests.unit.simulate.equivalence import demo

    campaign = demo("genesys.json")
    pcs = [c for c in campaign.characters if c.kind.value == "pc"]
    foes = [e for e in entries() if stats.adversary(e) == kind]
    campaign.characters += foes
    for foe in foes:
        encounter = Encounter(name=f"vs {foe.name}", combatants=[
            *(Combatant(character_id=pc.id, side=Side.PARTY) for pc in pcs),
            Combatant(character_id=foe.id, side=Side.ENEMIES)])
        campaign.encounters.append(encounter)
        summary = simulate(campaign, encounter.id, RULES, runs=8, seed=3, processes=1, max_rounds=12)
        assert summary.runs == 8, foe.name
        assert sum(e.value for e in summary.wins.values()) == pytest.approx(1.0), foe.name
