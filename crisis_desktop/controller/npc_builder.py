"""NPC quick build from a level, and NPCs copied from a bestiary (pure: no I/O, no Qt)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError

from crisis_desktop.controller.character_commands import copy_character
from crisis_desktop.domain import Character
from crisis_desktop.rules.base import FieldSpec, Ruleset
from crisis_desktop.rules.kernel.dice import DiceSource


def difficulty_spec(ruleset: Ruleset) -> FieldSpec | None:
    """The field Quick NPC asks for (crisis: the Difficulty Level), if the rules build NPCs from a level."""
    return ruleset.npc_level_field()


def build_npc(ruleset: Ruleset, name: str, level: int, dice: DiceSource | None = None,
              kind: str | None = None) -> Character:
    """A new NPC built by the rules from its level (crisis: its Difficulty Level), ready to fight: the skills
    and weapons the ruleset's NPC rules give it at that level; of `kind` where the rules ask one
    (`npc_kind_field`: a Genesys minion group, rival or nemesis).

    Health, Parry and the like are not stored: the ruleset derives them from the stats.
    ValueError with the reason if the name is empty, the level is outside the rules' range or the kind is not one
    the rules offer.
    """
    if not name.strip():
        raise ValueError("An NPC needs a name")
    spec = difficulty_spec(ruleset)
    if spec is None:
        raise ValueError(f"The {ruleset.name} rules do not build NPCs from a level")
    reason = spec.validate(level)
    if reason:
        raise ValueError(reason)
    if kind is None:
        return ruleset.quick_npc(name.strip(), level, dice)
    kinds = ruleset.npc_kind_field()
    if kinds is None:
        raise ValueError(f"The {ruleset.name} rules build one kind of NPC only, not {kind!r}")
    reason = kinds.validate(kind)
    if reason:
        raise ValueError(reason)
    return ruleset.quick_npc_of_kind(name.strip(), level, kind, dice)


def parse_bestiary(data: Any) -> list[Character]:
    """The entries of a bestiary file (a JSON list of characters); ValueError naming the first bad one."""
    if not isinstance(data, list):
        raise ValueError("A bestiary is a list of characters")
    entries: list[Character] = []
    for index, raw in enumerate(data):
        try:
            entries.append(Character.model_validate(raw))
        except ValidationError as exc:
            label = raw.get("name", f"entry {index + 1}") if isinstance(raw, dict) else f"entry {index + 1}"
            raise ValueError(f"Bestiary entry {label!r} is not valid: {exc.errors()[0]['msg']}") from None
    return entries


def from_bestiary(entry: Character, existing_names: Sequence[str] = ()) -> Character:
    """A campaign NPC copied from a bestiary entry (fresh ids; "Wolf 2" if a "Wolf" exists)."""
    name = entry.name
    if name in existing_names:
        number = 2
        while f"{entry.name} {number}" in existing_names:
            number += 1
        name = f"{entry.name} {number}"
    return copy_character(entry, name)
