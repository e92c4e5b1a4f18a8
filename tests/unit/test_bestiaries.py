"""Every registered ruleset has a bestiary: NPCs legal under its rules, each armed from its catalogue."""

from __future__ import annotations

import json

import pytest

from crisis_desktop.controller.npc_builder import parse_bestiary
from crisis_desktop.domain import CharacterKind, ItemKind
from crisis_desktop.resources_access import resource
from crisis_desktop.rules.registry import get_ruleset, ruleset_ids


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_ruleset_has_a_bestiary_of_legal_armed_npcs(ruleset_id: str) -> None:
    path = resource("bestiary", f"{ruleset_id}.json")
    assert path.is_file(), f"no bestiary for {ruleset_id}"
    entries = parse_bestiary(json.loads(path.read_text(encoding="utf-8")))
    rules = get_ruleset(ruleset_id)
    catalogue = {item.id for item in rules.equipment_catalogue()}
    assert len(entries) >= 3
    assert len({e.id for e in entries}) == len(entries)
    for npc in entries:
        assert npc.kind is CharacterKind.NPC
        assert rules.validate_character(npc) == [], npc.name
        assert any(item.kind is ItemKind.WEAPON for item in npc.equipment), f"{npc.name} has no weapon"
        assert all(item.catalogue_id in catalogue for item in npc.equipment if item.catalogue_id), npc.name
