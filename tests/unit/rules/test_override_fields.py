"""What a GM may override: by default every tracked value, named as the rules name it or by its key in words."""

from __future__ import annotations

from crisis_desktop.domain import Character, CharacterKind, Combatant
from crisis_desktop.rules.base import Actor, OverrideKind
from tests.fakes.sequential import SequentialFake


def test_the_default_names_values_by_the_rules_labels_else_by_the_key_in_words():
    character = Character(name="Ann", kind=CharacterKind.PC, status={"lost": 1, "grit": 2})
    combatant = Combatant(character_id=character.id, resources={"health": 3, "turns_taken": 1})
    fields = SequentialFake().sheet.override_fields(Actor(character, combatant), {})
    assert [(f.kind, f.key, f.label, f.value) for f in fields] == [
        (OverrideKind.STATUS, "lost", "Lost", 1),
        (OverrideKind.STATUS, "grit", "Grit", 2),                  # the sheet field's label
        (OverrideKind.RESOURCE, "health", "Health", 3),            # the bar's label
        (OverrideKind.RESOURCE, "turns_taken", "Turns taken", 1),
    ]
    outside = SequentialFake().sheet.override_fields(Actor(character, None), {})
    assert [f.kind for f in outside] == [OverrideKind.STATUS, OverrideKind.STATUS], "no fight, no resources"
