"""A small ruleset with crisis-like sheet metadata, for character tests that must not depend on the real rules."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property

from crisis_desktop.domain import Character, CharacterKind, ItemKind, StatValue
from crisis_desktop.rules.base import (
    ConditionSpec,
    Explained,
    FieldKind,
    FieldSpec,
    Options,
    RuleOption,
    Ruleset,
)
from crisis_desktop.rules.base.economy_part import Economy
from crisis_desktop.rules.base.sheet_part import Sheet
from crisis_desktop.rules.kernel.dice import DiceSource

DICE = (4, 6, 8, 10, 12)
NPC_ONLY = frozenset({CharacterKind.NPC})
PC_ONLY = frozenset({CharacterKind.PC})


def _die(key: str, label: str, group: str, required: bool) -> FieldSpec:
    return FieldSpec(key, label, FieldKind.DIE, group, default=6 if required else None, choices=DICE,
                     required=required)


class FakeSheet(Sheet):
    """The character sheet of the fake rules."""

    rules: FakeRuleset

    def character_fields(self) -> Sequence[FieldSpec]:
        return (
            _die("body", "Body", "Attributes", True),
            _die("mind", "Mind", "Attributes", True),
            _die("soul", "Soul", "Attributes", True),
            _die("melee", "Melee", "Skills", False),
            _die("stealth", "Stealth", "Skills", False),
            FieldSpec("health_roll", "Health roll", FieldKind.INT, "Creation", default=1, minimum=1, maximum=24,
                      kinds=PC_ONLY, required=False),
            FieldSpec("difficulty", "Difficulty Level", FieldKind.INT, "NPC", default=1, minimum=1, maximum=10,
                      kinds=NPC_ONLY),
            FieldSpec("origin", "Origin", FieldKind.CHOICE, "Background", default="city",
                      choices=("city", "valley", "coast"), required=False),
            FieldSpec("motto", "Motto", FieldKind.TEXT, "Background", default="", required=False),
            FieldSpec("veteran", "Veteran", FieldKind.BOOL, "Background", default=False, required=False),
                )

    def item_fields(self, kind: ItemKind) -> Sequence[FieldSpec]:
        if kind is ItemKind.WEAPON:
            return (
                FieldSpec("skill", "Skill", FieldKind.CHOICE, choices=("melee", "light_weapons")),
                FieldSpec("damage", "Damage", FieldKind.DICE, default="d6"),
                FieldSpec("range", "Range", FieldKind.INT, default=0, minimum=0, maximum=100),
                FieldSpec("rof", "RoF", FieldKind.INT, default=1, minimum=1, maximum=10),
                    )
        if kind is ItemKind.ARMOUR:
            return (
                FieldSpec("dr_physical", "DR", FieldKind.INT, default=0, minimum=0, maximum=20),
                FieldSpec("durability", "Durability", FieldKind.INT, default=0, minimum=0, maximum=100),
                    )
        return (FieldSpec("bulk", "Bulk", FieldKind.INT, default=0, minimum=0, maximum=10, required=False),)

    def conditions(self) -> Sequence[ConditionSpec]:
        return (ConditionSpec("prone", "Prone", "Harder to hit at range"),
                ConditionSpec("stunned", "Stunned", "Loses the next turn"))

    def new_stats(self, kind: CharacterKind, dice: DiceSource | None = None) -> dict[str, StatValue]:
        stats: dict[str, StatValue] = {"body": 6, "mind": 6, "soul": 6}
        if kind is CharacterKind.NPC:
            stats["difficulty"] = 1
        return stats

    def derived(self, character: Character, options: Options) -> dict[str, Explained]:
        body = character.stats.get("body", 6)
        melee = character.stats.get("melee")
        assert isinstance(body, int)
        health = Explained.of(("base", 10), ("Body", body))
        if character.kind is CharacterKind.NPC:
            difficulty = character.stats.get("difficulty", 1)
            assert isinstance(difficulty, int)
            health = Explained.of(("base", 10), ("5 x DL", 5 * difficulty))
        parry = Explained.of(("base", 2), ("half Melee", (melee or 0) // 2)) if isinstance(melee, int) \
            else Explained.of(("base", 2))
        return {"Health": health, "Parry": parry}


class FakeEconomy(Economy):
    """The action economy of the fake rules."""

    rules: FakeRuleset

    def actions(self):  # type: ignore[no-untyped-def]
        return ()


class FakeRuleset(Ruleset):
    """Only the metadata and derived values a sheet needs; everything else is out of scope here."""

    id = "fake"
    name = "Fake"

    def rule_options(self) -> Sequence[RuleOption]:
        return ()

    def npc_level_field(self) -> FieldSpec | None:
        return next(f for f in self.sheet.character_fields() if f.key == "difficulty")

    @cached_property
    def sheet(self) -> FakeSheet:
        return FakeSheet(self)

    @cached_property
    def economy(self) -> FakeEconomy:
        return FakeEconomy(self)


def fake_rules(_ruleset_id: str) -> Ruleset:
    """A ruleset factory for the characters view that always returns the fake rules."""
    return FakeRuleset()
