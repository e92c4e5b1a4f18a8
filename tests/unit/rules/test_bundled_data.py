"""What the five bundled systems' own data holds beyond what the conformance suite asks of every system
(tests/conformance/): each Quick NPC carries a melee and a ranged weapon at every level, each bestiary has at least
three NPCs, each sheet has more than twenty illegal values for the conformance suite's illegal-value tests to try."""

from __future__ import annotations

import json

import pytest

from crisis_desktop.controller.npc_builder import build_npc, difficulty_spec, parse_bestiary
from crisis_desktop.domain import CharacterKind, ItemKind
from crisis_desktop.resources_access import resource
from crisis_desktop.rules.base import FieldKind
from crisis_desktop.rules.registry import get_ruleset
from tests.conformance.illegal import cases

BUNDLED = ("crisis", "crisis-classic", "genesys", "moments", "skirmish")


def levels(ruleset_id: str) -> list[int]:
    spec = difficulty_spec(get_ruleset(ruleset_id))
    assert spec is not None, f"{ruleset_id} has no Quick NPC"
    low, high = spec.minimum or 1, spec.maximum or 10
    return sorted({low, (low + high) // 2, high})


@pytest.mark.parametrize("ruleset_id", BUNDLED)
def test_each_bundled_quick_npc_carries_a_melee_and_a_ranged_weapon(ruleset_id: str) -> None:
    rules = get_ruleset(ruleset_id)
    for level in levels(ruleset_id):
        weapons = [i for i in build_npc(rules, "Guard", level).equipment if i.kind is ItemKind.WEAPON]
        assert len(weapons) >= 2, "a melee and a ranged weapon"
        assert any(rules.attacks.weapon_range(w) is None for w in weapons)
        assert any(rules.attacks.weapon_range(w) for w in weapons)


@pytest.mark.parametrize("ruleset_id", BUNDLED)
def test_each_bundled_system_ships_a_bestiary_of_three_npcs_or_more(ruleset_id: str) -> None:
    path = resource("bestiary", f"{ruleset_id}.json")
    assert path.is_file(), f"no bestiary for {ruleset_id}"
    assert len(parse_bestiary(json.loads(path.read_text(encoding="utf-8")))) >= 3


@pytest.mark.parametrize("ruleset_id", BUNDLED)
def test_each_bundled_sheet_has_more_than_twenty_illegal_values_to_try(ruleset_id: str) -> None:
    typed = [c for c in cases(get_ruleset(ruleset_id)) if not (c.item_kind and c.spec.kind is FieldKind.TEXT)]
    assert len(typed) > 20      # those the typing test types in (text typed in a table is text: only a file holds 123)


@pytest.mark.parametrize("ruleset_id", BUNDLED)
def test_each_bundled_pc_sheet_has_whole_number_fields_and_a_required_one_or_a_die(ruleset_id: str) -> None:
    """So the conformance suite's pasting and refusing tests try each bundled system's sheet itself, not only its
    item tables."""
    fields = [s for s in get_ruleset(ruleset_id).sheet.character_fields() if CharacterKind.PC in s.kinds]
    assert any(s.kind is FieldKind.INT for s in fields)
    assert any(s.kind in (FieldKind.DIE, FieldKind.INT) and s.required for s in fields)
