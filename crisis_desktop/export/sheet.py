"""A character's sheet as plain data (labelled values, tables, explanations): what every export format renders."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from crisis_desktop.domain import Character, EquipmentItem, ItemKind, StatValue
from crisis_desktop.rules.base import FieldKind, FieldSpec, Options, Ruleset


@dataclass(frozen=True)
class SheetValue:
    """One line of a sheet: "Body" "d8", with the breakdown of a derived value when it has one."""

    label: str
    value: str
    explain: str = ""


@dataclass(frozen=True)
class SheetGroup:
    title: str
    values: tuple[SheetValue, ...]


@dataclass(frozen=True)
class SheetTable:
    """Weapons, armour or gear: one row per carried item, one column per item field of the ruleset."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Sheet:
    name: str
    kind: str                      # "PC" or "NPC"
    player: str
    ruleset: str                   # the ruleset's display name
    portrait: str | None           # a data URI, or None
    groups: tuple[SheetGroup, ...]
    derived: tuple[SheetValue, ...]
    tables: tuple[SheetTable, ...]
    conditions: tuple[SheetValue, ...]
    notes: str
    tags: tuple[str, ...] = field(default_factory=tuple)


def format_value(spec: FieldSpec | None, value: StatValue) -> str:
    """A stat as a sheet shows it: dice as "d8", flags as yes/no, missing values as a dash."""
    if value is None or value == "":
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if spec is not None and spec.kind is FieldKind.DIE and isinstance(value, int):
        return f"d{value}"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _groups(character: Character, ruleset: Ruleset) -> tuple[SheetGroup, ...]:
    grouped: dict[str, list[SheetValue]] = {}
    for spec in ruleset.character_fields():
        if character.kind not in spec.kinds:
            continue
        value = character.stats.get(spec.key, spec.default)
        grouped.setdefault(spec.group or "Stats", []).append(SheetValue(spec.label, format_value(spec, value)))
    return tuple(SheetGroup(title, tuple(values)) for title, values in grouped.items())


_TABLE_TITLES = {ItemKind.WEAPON: "Weapons", ItemKind.ARMOUR: "Armour", ItemKind.GEAR: "Gear"}


def _table(kind: ItemKind, items: Sequence[EquipmentItem], ruleset: Ruleset) -> SheetTable:
    specs = list(ruleset.item_fields(kind))
    # A weapon's skill is stored as a stat key ("light_weapons"); the sheet shows its label.
    stat_labels = {f.key: f.label for f in ruleset.character_fields()}
    columns = ("Name", *(s.label for s in specs), "Notes")
    rows = []
    for item in items:
        name = item.name if item.equipped else f"{item.name} (not equipped)"
        cells = (stat_labels.get(str(v), format_value(s, v)) if s.kind is FieldKind.CHOICE else format_value(s, v)
                 for s, v in ((s, item.stats.get(s.key, s.default)) for s in specs))
        rows.append((name, *cells, item.notes))
    return SheetTable(_TABLE_TITLES[kind], columns, tuple(rows))


def build_sheet(character: Character, ruleset: Ruleset, options: Options | None = None) -> Sheet:
    """The sheet of `character` under `ruleset` and the campaign's rule `options`."""
    options = ruleset.options_with_defaults(options or {})
    derived = tuple(
        SheetValue(ruleset.derived_label(key), format_value(None, value.value), value.explain())
        for key, value in ruleset.derived(character, options).items()
    )
    tables = []
    for kind in ItemKind:
        items = [i for i in character.equipment if i.kind == kind]
        # Empty weapon and armour tables still print, so a player can fill them in by hand.
        if items or kind is not ItemKind.GEAR:
            tables.append(_table(kind, items, ruleset))
    labels = {c.key: c for c in ruleset.conditions()}
    conditions = []
    for state in character.conditions:
        spec = labels.get(state.key)
        label = spec.label if spec else state.key
        if state.rounds is not None:
            label = f"{label} ({state.rounds} rounds)"
        detail = "; ".join(t for t in ((spec.effect if spec else ""), state.note) if t)
        conditions.append(SheetValue(label, detail))
    return Sheet(
        name=character.name,
        kind=character.kind.value.upper(),
        player=character.player,
        ruleset=ruleset.name,
        portrait=character.portrait if (character.portrait or "").startswith("data:image/") else None,
        groups=_groups(character, ruleset),
        derived=derived,
        tables=tuple(tables),
        conditions=tuple(conditions),
        notes=character.notes,
        tags=tuple(character.tags),
    )
