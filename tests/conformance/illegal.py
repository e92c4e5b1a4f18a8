"""Illegal values of every field a ruleset declares: what its specs must refuse, field by field (no Qt here; the
GUI requirement that each is refused wherever it comes in is tests/conformance/gui/test_nothing_illegal.py)."""

from __future__ import annotations

from dataclasses import dataclass

from crisis_desktop.domain import Character, CharacterKind, ItemKind, StatValue
from crisis_desktop.rules.base import FieldKind, FieldSpec, Ruleset


def illegal_values(spec: FieldSpec) -> list[StatValue]:
    """Values of each kind the spec must refuse: out of its bounds, not among its choices, of the wrong type."""
    values: list[StatValue] = []
    if spec.kind in (FieldKind.INT, FieldKind.NUMBER, FieldKind.DIE):
        if spec.maximum is not None:
            values.append(spec.maximum + 1 if spec.kind is not FieldKind.DIE else 14)
        if spec.minimum is not None:
            values.append(spec.minimum - 1 if spec.kind is not FieldKind.DIE else 2)
        values.append("banana")
    if spec.kind is FieldKind.DIE:
        values.append(5)
    elif spec.kind is FieldKind.CHOICE:
        values.append("nonsense")
    elif spec.kind is FieldKind.BOOL:
        values.append("maybe")
    elif spec.kind is FieldKind.TEXT:
        values.append(123)
    elif spec.kind is FieldKind.DICE:
        values += ["banana", "d5"]
    return values


@dataclass(frozen=True)
class Case:
    """One illegal value of one field: on the sheet (`item_kind` None) or on an item of that kind."""

    spec: FieldSpec
    value: StatValue
    item_kind: ItemKind | None = None

    @property
    def label(self) -> str:
        where = self.item_kind.value if self.item_kind else "sheet"
        return f"{where}.{self.spec.key}={self.value!r}"


def cases(rules: Ruleset) -> list[Case]:
    """Each illegal value of each field, where the field applies to the rules' default PC (or, for an NPC-only
    field, NPC): a field of another kind of character only (a Genesys nemesis's strain threshold, not a default
    rival's) is not checked on them, so it cannot be refused there."""
    default = {kind: Character(name="Default", kind=kind, stats=dict(rules.sheet.new_stats(kind)))
               for kind in CharacterKind}
    found = [Case(spec, value) for spec in rules.sheet.character_fields()
             if rules.sheet.applies(spec, default[CharacterKind.PC if CharacterKind.PC in spec.kinds
                                                 else CharacterKind.NPC])
             for value in illegal_values(spec)]
    found += [Case(spec, value, kind) for kind in ItemKind for spec in rules.sheet.item_fields(kind)
              for value in illegal_values(spec)]
    assert all(case.spec.validate(case.value) for case in found), [c.label for c in found
                                                                   if not c.spec.validate(c.value)]
    return found
