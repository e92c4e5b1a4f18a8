"""A system's bestiary, where it has one (resources/bestiary/<id>.json, or the path a test-only system
gives): NPCs legal under its rules, each with its own id, armed where the system has Attacks, every item from its
catalogue. A system without a bestiary is legal: the Characters place then offers no From Bestiary…. (That each
bundled system ships one of at least three NPCs is its data: tests/unit/rules/test_bundled_data.py.)"""

from __future__ import annotations

import json

import pytest

from crisis_desktop.controller.npc_builder import parse_bestiary
from crisis_desktop.domain import CharacterKind, ItemKind
from crisis_desktop.rules.registry import get_ruleset
from tests.conformance.systems import bestiary


@pytest.mark.when(lambda rules: bestiary(rules.id) is not None)
def test_a_bestiary_holds_legal_armed_npcs(ruleset_id: str) -> None:
    path = bestiary(ruleset_id)
    assert path is not None
    entries = parse_bestiary(json.loads(path.read_text(encoding="utf-8")))
    rules = get_ruleset(ruleset_id)
    catalogue = {item.id for item in rules.equipment_catalogue()}
    assert entries, f"the bestiary {path.name} is empty"
    assert len({e.id for e in entries}) == len(entries)
    for npc in entries:
        assert npc.kind is CharacterKind.NPC
        assert rules.sheet.validate_character(npc) == [], npc.name
        if rules.attacks is not None:
            assert any(item.kind is ItemKind.WEAPON for item in npc.equipment), f"{npc.name} has no weapon"
        assert all(item.catalogue_id in catalogue for item in npc.equipment if item.catalogue_id), npc.name
